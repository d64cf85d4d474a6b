import type { SafetyKind } from '../../../../common/safety';
import { SafetyTip, useSiteName } from '../../../components/safety-tip';
import { useTranslation } from '../../../lib/use-translation';

/** Under a message the scam guard flagged, for its reader: what was found in it, and the tip. */
export function MessageSafetyTip({ kinds, className }: { kinds: readonly SafetyKind[]; className?: string }) {
  const { t, i18n } = useTranslation();
  const site = useSiteName();
  const found = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    kinds.map((kind) => t(`safety.kinds.${kind}`, { site })),
  );
  return <SafetyTip warning found={t('safety.found', { kinds: found })} text={t('safety.tip', { site })} className={className} />;
}

/** On the screen where a buyer writes to a seller for the first time. */
export function FirstMessageSafetyTip() {
  const { t } = useTranslation();
  return <SafetyTip text={t('safety.first_message_tip', { site: useSiteName() })} />;
}
