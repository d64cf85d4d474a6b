import { Check, Circle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { type PasswordRule, brokenPasswordRules } from '../../../../common/password-rules';

/** The rules shown as a checklist; "letters" is part of "mixed_case" for the reader. */
const SHOWN: PasswordRule[] = ['min_length', 'mixed_case', 'numbers', 'symbols'];

/** Which shown rules the password meets, by the server's own rule function. */
export function passwordRuleStates(password: string): { rule: PasswordRule; met: boolean }[] {
  const broken = new Set(brokenPasswordRules(password));
  const states = SHOWN.map((rule) => ({
    rule,
    met: rule === 'mixed_case' ? !broken.has('mixed_case') && !broken.has('letters') : !broken.has(rule),
  }));
  if (broken.has('max_length')) states.push({ rule: 'max_length', met: false });
  return states;
}

/**
 * Is the password easy to guess, by the server's own estimator? Asked only once the other rules
 * are met, after a pause in typing; the estimator and its dictionaries load on first use, so no
 * page pays for them up front. Undefined while unknown.
 */
function useGuessable(password: string): boolean | undefined {
  const [guessable, setGuessable] = useState<{ password: string; guessable: boolean }>();
  const ready = password !== '' && brokenPasswordRules(password).length === 0;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      void import('../../../../common/password-strength')
        .then(({ isGuessablePassword }) => isGuessablePassword(password))
        .then((answer) => {
          if (live) setGuessable({ password, guessable: answer });
        });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [password, ready]);
  return ready && guessable?.password === password ? guessable.guessable : undefined;
}

/**
 * Live hints under a new-password field: each rule is ticked as it is met. Only a guide, the
 * server decides (and also checks the breach list, which cannot be done here).
 */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const guessable = useGuessable(password);
  const states = [...passwordRuleStates(password), { rule: 'guessable' as const, met: guessable === false }];
  return (
    <div id={id} className="mt-2 rounded-lg bg-sunken p-3 text-sm">
      <p className="mb-1.5 font-medium">{t('account.password_rules.title')}</p>
      <ul className="space-y-1">
        {states.map(({ rule, met }) => {
          const Icon = met ? Check : rule === 'max_length' ? X : Circle;
          return (
            <li key={rule} data-rule={rule} data-met={met} className={`flex items-center gap-2 ${met ? 'text-success' : 'text-muted'}`}>
              <Icon aria-hidden size={16} className="shrink-0" strokeWidth={met ? 3 : 2} />
              <span className={met ? 'text-ink' : rule === 'max_length' ? 'text-danger' : ''}>{t(`account.password_rules.${rule}`)}</span>
              <span className="sr-only">{t(met ? 'account.password_rules.met' : 'account.password_rules.unmet')}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-muted">{t('account.password_rules.breach_note')}</p>
    </div>
  );
}
