import { Heading } from '@tiptap/extension-heading';
import { Image } from '@tiptap/extension-image';
import { Link } from '@tiptap/extension-link';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Pilcrow,
  TextQuote,
  Undo2,
  Redo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button, Toolbar, ToggleButton, Tooltip, TooltipTrigger } from 'react-aria-components';
import { openDialog } from '../lib/dialogs';
import { pictureProblem, PICTURE_ACCEPT } from '../lib/picture-check';
import { isAllowedLinkHref } from '../lib/rich-text-links';
import { ERROR_TOAST_MS, showToast } from '../lib/toasts';
import { useTranslation } from '../lib/use-translation';
import { describedBy, FieldErrors } from './form-controls';
import { RichTextLinkDialog } from './rich-text-link-dialog';
import { RichTextPictureDialog } from './rich-text-picture-dialog';
import type { RichTextEditorProps } from './rich-text-editor';

/** Headings as the site stores them: h2 and h3 (the page title is the h1); pasted h1 and h4–h6 fold into them. */
const SiteHeading = Heading.extend({
  parseHTML() {
    return [
      { tag: 'h1', attrs: { level: 2 } },
      { tag: 'h2', attrs: { level: 2 } },
      { tag: 'h3', attrs: { level: 3 } },
      { tag: 'h4', attrs: { level: 3 } },
      { tag: 'h5', attrs: { level: 3 } },
      { tag: 'h6', attrs: { level: 3 } },
    ];
  },
}).configure({ levels: [2, 3] });

/** A link is its address only: the server sets rel itself, and no target, class or title is kept. */
const SiteLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: (element) => element.getAttribute('href') } };
  },
});

/** Only this site's own pictures (what the upload returns): a pasted foreign picture would be dropped on saving anyway. */
const SitePicture = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src^="/media/"]' }];
  },
}).configure({ inline: false, allowBase64: false });

/**
 * The document the editor allows: what server/platform/rich-text.ts keeps (paragraphs, h2/h3,
 * bold, italic, lists, quotes, code, rules, line breaks, links, pictures) and nothing more.
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: false,
      strike: false,
      underline: false,
      // An empty paragraph added after a closing list or picture would change the HTML without an edit (a false "unsaved changes").
      trailingNode: false,
      link: false,
    }),
    SiteLink.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      // The server decides rel per link (external ones get noopener nofollow ugc); nothing opens a new window.
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => isAllowedLinkHref(url),
    }),
    SiteHeading,
    SitePicture,
  ];
}

export type BlockType = 'paragraph' | 'h2' | 'h3' | 'other';

/** What the toolbar shows as pressed or available for the editor's current selection. */
export interface ToolbarState {
  block: BlockType;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  quote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export function toolbarState(editor: Editor): ToolbarState {
  const block: BlockType = editor.isActive('heading', { level: 2 })
    ? 'h2'
    : editor.isActive('heading', { level: 3 })
      ? 'h3'
      : editor.isActive('paragraph')
        ? 'paragraph'
        : 'other';
  return {
    block,
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    quote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** The editor's HTML as stored: an empty document is the empty string, not `<p></p>`. */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

const toolButton =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-ink outline-none hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-40 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-accent data-[selected]:bg-brand-soft data-[selected]:text-brand';

function Tool({
  label,
  icon: Icon,
  pressed,
  disabled,
  onPress,
}: {
  label: string;
  icon: LucideIcon;
  /** Undefined for an action (undo, picture); true or false for a toggle (aria-pressed). */
  pressed?: boolean;
  disabled?: boolean;
  onPress: () => void;
}) {
  const content = <Icon aria-hidden size={20} />;
  return (
    <TooltipTrigger delay={600} closeDelay={0}>
      {pressed === undefined ? (
        <Button aria-label={label} isDisabled={disabled ?? false} onPress={onPress} className={toolButton}>
          {content}
        </Button>
      ) : (
        <ToggleButton aria-label={label} isSelected={pressed} isDisabled={disabled ?? false} onChange={onPress} className={toolButton}>
          {content}
        </ToggleButton>
      )}
      <Tooltip offset={6} className="rounded-md bg-ink px-2 py-1 text-xs text-surface shadow-md">
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}

function Divider() {
  return <span aria-hidden className="mx-1 my-2 w-px self-stretch bg-line" />;
}

/** The Tiptap editor behind RichTextEditor; loaded on demand (only in the browser) so no public page carries it. */
export function RichTextEditorCore({ label, value, onChange, uploadImage, errors, id }: RichTextEditorProps & { id: string }) {
  const { t } = useTranslation();
  const labelId = `${id}-label`;
  const errorsId = `${id}-errors`;
  const invalid = !!errors?.length;
  const fileInput = useRef<HTMLInputElement>(null);
  // The last HTML this editor reported: a `value` that differs came from outside (loaded, restored) and replaces the text.
  const reported = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: richTextExtensions(),
    content: value,
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      reported.current = html;
      onChangeRef.current(html);
    },
  });

  const attributes = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(invalid ? { 'aria-describedby': describedBy(errorsId)! } : {}),
    class: 'rich-text min-h-64 px-4 py-3 outline-none',
  };
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // useEditorState answers only from the first transaction on; until then the state is read directly.
  const state =
    useEditorState({ editor, selector: ({ editor: current }) => (current ? toolbarState(current) : null) }) ??
    (editor ? toolbarState(editor) : null);

  const editLink = () => {
    if (!editor) return;
    const current = (editor.getAttributes('link').href as string | undefined) ?? '';
    openDialog(RichTextLinkDialog, {
      initial: current,
      onApply: (href: string | null) => {
        const chain = editor.chain().focus().extendMarkRange('link');
        if (href === null) chain.unsetLink().run();
        else if (editor.state.selection.empty && !editor.isActive('link'))
          chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
        else chain.setLink({ href }).run();
      },
    });
  };

  const pickPicture = (file: File) => {
    const problem = pictureProblem(file, t);
    if (problem) {
      showToast({ icon: 'error', message: problem, timer: ERROR_TOAST_MS });
      return;
    }
    openDialog(RichTextPictureDialog, {
      file,
      uploadImage,
      onInsert: (picture: { src: string; alt: string; width: number; height: number }) => {
        editor?.chain().focus().setImage(picture).run();
      },
    });
  };

  return (
    <div>
      <span id={labelId} className="mb-1.5 block text-sm font-medium" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div
        className={`overflow-hidden rounded-lg border bg-raised text-ink focus-within:border-brand ${invalid ? 'border-danger' : 'border-line'}`}
      >
        <Toolbar
          aria-label={t('editor.toolbar')}
          aria-controls={id}
          className="flex flex-wrap items-center gap-0.5 border-b border-line bg-sunken/60 p-1"
        >
          <Tool
            label={t('editor.paragraph')}
            icon={Pilcrow}
            pressed={state?.block === 'paragraph'}
            disabled={!editor}
            onPress={() => editor?.chain().focus().setParagraph().run()}
          />
          <Tool
            label={t('editor.heading2')}
            icon={Heading2}
            pressed={state?.block === 'h2'}
            disabled={!editor}
            onPress={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}
          />
          <Tool
            label={t('editor.heading3')}
            icon={Heading3}
            pressed={state?.block === 'h3'}
            disabled={!editor}
            onPress={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}
          />
          <Divider />
          <Tool
            label={t('editor.bold')}
            icon={Bold}
            pressed={state?.bold ?? false}
            disabled={!editor}
            onPress={() => editor?.chain().focus().toggleBold().run()}
          />
          <Tool
            label={t('editor.italic')}
            icon={Italic}
            pressed={state?.italic ?? false}
            disabled={!editor}
            onPress={() => editor?.chain().focus().toggleItalic().run()}
          />
          <Divider />
          <Tool
            label={t('editor.bullet_list')}
            icon={List}
            pressed={state?.bulletList ?? false}
            disabled={!editor}
            onPress={() => editor?.chain().focus().toggleBulletList().run()}
          />
          <Tool
            label={t('editor.ordered_list')}
            icon={ListOrdered}
            pressed={state?.orderedList ?? false}
            disabled={!editor}
            onPress={() => editor?.chain().focus().toggleOrderedList().run()}
          />
          <Tool
            label={t('editor.quote')}
            icon={TextQuote}
            pressed={state?.quote ?? false}
            disabled={!editor}
            onPress={() => editor?.chain().focus().toggleBlockquote().run()}
          />
          <Divider />
          <Tool label={t('editor.link')} icon={LinkIcon} pressed={state?.link ?? false} disabled={!editor} onPress={editLink} />
          <Tool label={t('editor.picture')} icon={ImagePlus} disabled={!editor} onPress={() => fileInput.current?.click()} />
          <Divider />
          <Tool label={t('editor.undo')} icon={Undo2} disabled={!state?.canUndo} onPress={() => editor?.chain().focus().undo().run()} />
          <Tool label={t('editor.redo')} icon={Redo2} disabled={!state?.canRedo} onPress={() => editor?.chain().focus().redo().run()} />
        </Toolbar>
        <input
          ref={fileInput}
          type="file"
          accept={PICTURE_ACCEPT}
          hidden
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) pickPicture(file);
          }}
        />
        <EditorContent editor={editor} className="rich-text-editor" />
      </div>
      <FieldErrors id={errorsId} errors={errors} />
    </div>
  );
}
