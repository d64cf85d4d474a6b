import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../../common/ad-rules';

/** What is wrong with a rejection reason, as the server checks it (validation.* key), or null. */
export function reasonProblem(text: string): 'required' | 'min_length' | 'max_length' | null {
  const value = text.replace(/\r\n?/g, '\n').trim();
  if (!value) return 'required';
  if (value.length < REJECTION_REASON_MIN) return 'min_length';
  if (value.length > REJECTION_REASON_MAX) return 'max_length';
  return null;
}

/** A quick reason added to what is typed: on its own line, never twice. */
export function addQuickReason(text: string, sentence: string): string {
  const current = text.trimEnd();
  if (!current) return sentence;
  if (current.includes(sentence)) return text;
  return `${current}\n${sentence}`;
}
