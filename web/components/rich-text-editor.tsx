import { Suspense, lazy, useId, useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/use-translation';
import { FieldErrors } from './form-controls';

export interface RichTextEditorProps {
  label: string;
  /** The text as HTML (what the server stored, already sanitized); '' for an empty text. */
  value: string;
  /** Called with the new HTML after each change; '' when the text is emptied. */
  onChange: (html: string) => void;
  /** Uploads a picture the writer picked (api.uploadContentImage) and answers where it now lives. */
  uploadImage: (file: File) => Promise<{ url: string; width: number; height: number }>;
  errors?: string[] | undefined;
  /** The id of the editable area (for a link from an error summary); one is made up when not given. */
  id?: string;
}

const loadEditor = () => import('./rich-text-editor-core');
const EditorCore = lazy(() => loadEditor().then((m) => ({ default: m.RichTextEditorCore })));

const subscribeNothing = () => () => {};

/**
 * A rich-text field for staff (blog posts, info pages): a toolbar over an editable area, HTML in
 * and out, producing only what the server's sanitizer keeps. The editor itself (Tiptap and
 * ProseMirror) is fetched in the browser when the field first shows, so server rendering stays
 * cheap, nothing differs at hydration, and only the pages that have this field ever load it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const madeId = useId();
  const id = props.id ?? `rich-text-${madeId.replace(/:/g, '')}`;
  const inBrowser = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const placeholder = <EditorPlaceholder label={props.label} errors={props.errors} id={id} />;
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EditorCore {...props} id={id} />
    </Suspense>
  );
}

/** What shows until the editor has loaded: the same frame, a still toolbar strip and the words "loading". */
function EditorPlaceholder({ label, errors, id }: { label: string; errors: string[] | undefined; id: string }) {
  const { t } = useTranslation();
  const invalid = !!errors?.length;
  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium">
        {label}
      </span>
      <div className={`overflow-hidden rounded-lg border bg-raised ${invalid ? 'border-danger' : 'border-line'}`}>
        <div aria-hidden className="h-[3.125rem] border-b border-line bg-sunken/60" />
        <p role="status" className="min-h-64 px-4 py-3 text-muted">
          {t('editor.loading')}
        </p>
      </div>
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** Starts fetching the editor early (for a page that knows it will show one, e.g. on hovering "Edit"). */
export function preloadRichTextEditor(): void {
  void loadEditor();
}
