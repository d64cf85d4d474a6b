import { useRef } from 'react';
import { useNavigation } from 'react-router';
import type { FormFailure } from '../lib/forms.server';
import { useFocusFirstError } from './use-focus-first-error';

/**
 * What a form shows once its action has answered: the refusal with its field errors, and the
 * message of a refusal no field explains (shown above the form). After a refusal, focus moves to
 * the first invalid field. `answer` is the action's data (or a fetcher's).
 */
export function useFormAnswer<A extends { ok: boolean } | null | undefined>(answer: A) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, answer);
  const failure = answer?.ok === false ? (answer as Extract<NonNullable<A>, Pick<FormFailure, 'ok'>> & FormFailure) : undefined;
  const errors = failure?.errors ?? {};
  const formMessage = failure && Object.keys(errors).length === 0 ? failure.message : undefined;
  return { formRef, failure, errors, formMessage };
}

/** True while the page's own form is being posted (a navigation, not a fetcher). */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
}
