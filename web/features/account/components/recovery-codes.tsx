import { AlertTriangle, Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { secondaryButton } from '../../../components/form-controls';

/** The text file a person keeps: a heading that says what the codes are for, then one code a line. */
export function recoveryCodesText(codes: string[], heading: string): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/**
 * Freshly made recovery codes, shown once: copy them or download them as a .txt, with a warning
 * to keep them safe (each works once, in place of the authenticator app).
 */
export function RecoveryCodes({ codes, siteName }: { codes: string[]; siteName: string }) {
  const { t } = useTranslation();
  const site = siteName;
  const [copied, setCopied] = useState(false);
  const heading = t('account.two_factor.codes_file_heading', { site });

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  }

  function download() {
    const blob = new Blob([recoveryCodesText(codes, heading)], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${site.toLowerCase() || 'account'}-recovery-codes.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="space-y-4">
      <div role="note" className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
        <AlertTriangle aria-hidden size={20} className="shrink-0 text-warning" />
        <p>{t('account.two_factor.codes_warning')}</p>
      </div>
      <ul
        aria-label={t('account.two_factor.codes_title')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-sunken p-4 font-mono text-sm sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => void copy()} className={secondaryButton}>
          {copied ? <Check aria-hidden size={18} className="text-success" /> : <Copy aria-hidden size={18} />}
          {t(copied ? 'account.two_factor.copied' : 'account.two_factor.copy')}
        </button>
        <button type="button" onClick={download} className={secondaryButton}>
          <Download aria-hidden size={18} />
          {t('account.two_factor.download')}
        </button>
        <span role="status" className="sr-only">
          {copied ? t('account.two_factor.copied') : ''}
        </span>
      </div>
    </div>
  );
}
