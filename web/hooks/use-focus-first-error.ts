import { type RefObject, useEffect } from 'react';

/**
 * After a refused submission, moves focus to the first field marked invalid, so keyboard and
 * screen-reader users land on what needs fixing (the error is read with it via aria-describedby).
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, answer: unknown): void {
  useEffect(() => {
    if (!answer || (answer as { ok?: boolean }).ok !== false) return;
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  }, [form, answer]);
}
