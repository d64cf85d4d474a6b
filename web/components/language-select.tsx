import { Check, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useLanguage } from '../hooks/use-language';
import { LOCALES, type Locale } from '../lib/i18n';

export function LanguageSelect() {
  const { t } = useTranslation();
  const { locale, change } = useLanguage();
  return (
    <MenuTrigger>
      <Button
        aria-label={`${t('nav.language')}: ${t(`languages.${locale}`)}`}
        className="inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-medium uppercase text-ink outline-none hover:bg-sunken data-[focus-visible]:outline-3 data-[focus-visible]:outline-accent"
      >
        <Globe aria-hidden size={18} />
        {locale}
      </Button>
      <Popover placement="bottom end" className="min-w-40 rounded-lg border border-line bg-raised p-1 shadow-lg">
        <Menu
          aria-label={t('nav.language')}
          selectionMode="single"
          selectedKeys={[locale]}
          onAction={(key) => void change(key as Locale)}
          className="outline-none"
        >
          {LOCALES.map((code) => (
            <MenuItem
              key={code}
              id={code}
              lang={code}
              className="flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm text-ink outline-none data-[focused]:bg-sunken"
            >
              {({ isSelected }) => (
                <>
                  {t(`languages.${code}`)}
                  {isSelected && <Check aria-hidden size={16} />}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
