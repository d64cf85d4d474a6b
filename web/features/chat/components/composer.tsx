import { ImagePlus, Loader2, SendHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../common/chat';
import { PICTURE_ACCEPT, pictureProblem } from '../../../lib/picture-check';
import { useTranslation } from '../../../lib/use-translation';

/** The counter shows from this many characters on, so that the limit never comes as a surprise. */
export const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/** Characters as a person counts them (an emoji is one), the way the limit is meant. */
export function messageLength(text: string): number {
  return Array.from(text).length;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is
 * composing a word does neither). A counter appears near the limit; a picture can go along when
 * `allowPicture` is set, checked for type and size before anything is uploaded.
 */
export function Composer({
  onSend,
  onTyping,
  allowPicture = false,
  busy = false,
  autoFocus = false,
  label,
  initialText = '',
  onTextChange,
}: {
  /** Returns false to keep the text (it was not accepted); anything else clears the box. */
  onSend: (text: string, picture: File | null) => boolean | void;
  onTyping?: () => void;
  allowPicture?: boolean;
  busy?: boolean;
  autoFocus?: boolean;
  label?: string;
  initialText?: string;
  /** Each change of the text as typed (a draft keeper listens). */
  onTextChange?: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [picture, setPicture] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string>();
  const length = messageLength(text);
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const empty = text.trim() === '' && !picture;

  // The box grows with its text up to about six lines, then scrolls.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [text]);

  useEffect(() => () => (picture ? URL.revokeObjectURL(picture.url) : undefined), [picture]);

  function submit() {
    if (busy || empty) return;
    if (tooLong) {
      setProblem(t('chat.too_long', { max: MESSAGE_MAX_LENGTH }));
      return;
    }
    if (onSend(text.trim(), picture?.file ?? null) === false) return;
    setText('');
    // The bubble keeps its own preview; this one goes with the box.
    setPicture(null);
    setProblem(undefined);
    box.current?.focus();
  }

  function pick(file: File | undefined) {
    if (!file) return;
    const wrong = pictureProblem(file, t);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProblem(undefined);
    setPicture({ file, url: URL.createObjectURL(file) });
    box.current?.focus();
  }

  const counterId = `${id}-counter`;
  const problemId = `${id}-problem`;
  const showCounter = length >= COUNTER_FROM;
  return (
    <form
      className="border-t border-line bg-raised p-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {picture && (
        <div className="mb-2 flex items-center gap-2">
          <img src={picture.url} alt={t('chat.picture_chosen')} className="h-16 w-16 rounded-lg border border-line object-cover" />
          <button
            type="button"
            onClick={() => {
              setPicture(null);
              box.current?.focus();
            }}
            aria-label={t('chat.picture_remove')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-muted hover:bg-sunken hover:text-ink"
          >
            <X aria-hidden size={18} />
          </button>
        </div>
      )}
      <div className="flex items-end gap-1.5">
        {allowPicture && (
          <>
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              aria-label={t('chat.attach_picture')}
              disabled={busy}
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-sunken hover:text-ink disabled:opacity-60"
            >
              <ImagePlus aria-hidden size={22} />
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={PICTURE_ACCEPT}
              hidden
              tabIndex={-1}
              onChange={(event) => {
                pick(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </>
        )}
        <label htmlFor={id} className="sr-only">
          {label ?? t('chat.message_label')}
        </label>
        <textarea
          ref={box}
          id={id}
          name="text"
          rows={1}
          value={text}
          autoFocus={autoFocus}
          placeholder={t('chat.placeholder')}
          enterKeyHint="send"
          aria-invalid={tooLong || undefined}
          aria-describedby={[`${id}-hint`, showCounter && counterId, problem && problemId].filter(Boolean).join(' ')}
          onChange={(event) => {
            setText(event.target.value);
            onTextChange?.(event.target.value);
            if (problem) setProblem(undefined);
            onTyping?.();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
          className="block max-h-40 min-h-11 w-full resize-none rounded-2xl border border-line bg-surface px-3.5 py-2.5 text-base text-ink focus-ring placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger"
        />
        <button
          type="submit"
          disabled={busy || empty || tooLong}
          aria-label={t('chat.send')}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand text-brand-ink hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? <Loader2 aria-hidden size={20} className="animate-spin" /> : <SendHorizontal aria-hidden size={20} />}
        </button>
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {t('chat.enter_hint')}
      </p>
      <div className="flex items-start justify-between gap-3 px-1 text-xs">
        <p id={problemId} role="alert" className="pt-1 text-danger empty:hidden">
          {problem}
        </p>
        {showCounter && (
          <p id={counterId} className={`ms-auto pt-1 tabular-nums ${tooLong ? 'font-semibold text-danger' : 'text-muted'}`}>
            {t('chat.counter', { count: length, max: MESSAGE_MAX_LENGTH })}
          </p>
        )}
      </div>
    </form>
  );
}
