import { Heading } from '@tiptap/extension-heading';
import { Image } from '@tiptap/extension-image';
import { Link } from '@tiptap/extension-link';
import type { EditorProps } from '@tiptap/pm/view';
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
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Toolbar, ToggleButton, Tooltip, TooltipTrigger } from 'react-aria-components';
import { openDialog } from '../lib/dialogs';
import { pictureProblem, PICTURE_ACCEPT } from '../lib/picture-check';
import { isAllowedLinkHref } from '../lib/rich-text-links';
import { ERROR_TOAST_MS, showToast } from '../lib/toasts';
import { useTranslation } from '../lib/use-translation';
import { FieldErrors } from './form-controls';
import { RichTextLinkDialog } from './rich-text-link-dialog';
import { type InsertedPicture, RichTextPictureDialog } from './rich-text-picture-dialog';
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

/** One set for every editor: useEditor compares them by identity, and a new set would be handed to the editor on each render. */
const EXTENSIONS = richTextExtensions();

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

/** A key combination as people read it on their computer: "Ctrl+B", or "⌘B" on a Mac. */
export function shortcutText(keys: string, mac: boolean): string {
  const parts = keys.split('+');
  if (mac) return parts.map((part) => ({ Mod: '⌘', Alt: '⌥', Shift: '⇧' })[part] ?? part).join('');
  return parts.map((part) => (part === 'Mod' ? 'Ctrl' : part)).join('+');
}

/** The same combination for aria-keyshortcuts ("Control+B", "Meta+B"). */
export function ariaShortcut(keys: string, mac: boolean): string {
  return keys
    .split('+')
    .map((part) => (part === 'Mod' ? (mac ? 'Meta' : 'Control') : part))
    .join('+');
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const toolButton =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-ink hover:bg-raised disabled:cursor-not-allowed disabled:opacity-40 focus-ring data-[selected]:bg-brand-soft data-[selected]:text-brand';

function Tool({
  label,
  icon: Icon,
  keys,
  pressed,
  disabled,
  onPress,
}: {
  label: string;
  icon: LucideIcon;
  /** Its keyboard shortcut in Tiptap's notation ("Mod+Alt+2"), shown in the tooltip. */
  keys?: string;
  /** Undefined for an action (undo, picture); true or false for a toggle (aria-pressed). */
  pressed?: boolean;
  disabled?: boolean;
  onPress: () => void;
}) {
  const mac = isMac();
  const shortcut = keys ? { 'aria-keyshortcuts': ariaShortcut(keys, mac) } : {};
  const content = <Icon aria-hidden size={20} />;
  return (
    <TooltipTrigger delay={500} closeDelay={0}>
      {pressed === undefined ? (
        <Button aria-label={label} {...shortcut} isDisabled={disabled ?? false} onPress={onPress} className={toolButton}>
          {content}
        </Button>
      ) : (
        <ToggleButton
          aria-label={label}
          {...shortcut}
          isSelected={pressed}
          isDisabled={disabled ?? false}
          onChange={onPress}
          className={toolButton}
        >
          {content}
        </ToggleButton>
      )}
      <Tooltip offset={6} className="z-50 rounded-md bg-ink px-2 py-1 text-xs text-surface shadow-md">
        {label}
        {keys && <span className="ml-2 opacity-75">{shortcutText(keys, mac)}</span>}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** Buttons that belong together; on a narrow screen the toolbar wraps between groups, not inside one. */
function ToolGroup({ children }: { children: ReactNode }) {
  return <div className="flex items-center gap-0.5 border-line pr-1 not-last:mr-1 not-last:border-r">{children}</div>;
}

type Picking = { file: File; at?: number };

/** The first picture file among those pasted or dropped, if any. */
function pictureFile(files: FileList | null | undefined): File | undefined {
  return Array.from(files ?? []).find((file) => file.type.startsWith('image/'));
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
  // The text the editor starts with; later values arrive through setContent below.
  const [initialValue] = useState(value);
  const onChangeRef = useRef(onChange);
  // What the editor's own key and paste handlers call (set below, once the editor exists).
  const actions = useRef({ editLink: () => {}, pickPicture: (_picking: Picking) => {} });
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const attributes = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(invalid ? { 'aria-invalid': 'true', 'aria-describedby': errorsId } : {}),
    class: 'rich-text min-h-64 px-4 py-3 outline-none',
  };
  const attributesKey = JSON.stringify(attributes);
  // useEditor hands its options to the editor again whenever one differs from the last: kept stable, they do not.
  const editorProps = useMemo<EditorProps>(
    () => ({
      attributes: JSON.parse(attributesKey) as Record<string, string>,
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          actions.current.editLink();
          return true;
        }
        return false;
      },
      // A picture pasted or dropped goes through the same upload and alt-text dialog as the toolbar's.
      handlePaste: (_view, event) => {
        const file = pictureFile(event.clipboardData?.files);
        if (!file) return false;
        actions.current.pickPicture({ file });
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const file = moved ? undefined : pictureFile(event.dataTransfer?.files);
        if (!file) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        actions.current.pickPicture(at === undefined ? { file } : { file, at });
        return true;
      },
    }),
    [attributesKey],
  );

  const editor = useEditor({
    immediatelyRender: false,
    extensions: EXTENSIONS,
    content: initialValue,
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      reported.current = html;
      onChangeRef.current(html);
    },
    editorProps,
  });

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

  const pickPicture = ({ file, at }: Picking) => {
    const problem = pictureProblem(file, t);
    if (problem) {
      showToast({ icon: 'error', message: problem, timer: ERROR_TOAST_MS });
      return;
    }
    openDialog(RichTextPictureDialog, {
      file,
      uploadImage,
      onInsert: (picture: InsertedPicture) => {
        if (!editor) return;
        const chain = editor.chain().focus();
        (at === undefined ? chain : chain.setTextSelection(at)).setImage(picture).run();
      },
    });
  };

  useEffect(() => {
    actions.current = { editLink, pickPicture };
  });

  const disabled = !editor;
  return (
    <div>
      <span id={labelId} className="mb-1.5 block text-sm font-medium" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div className={`rounded-lg border bg-raised text-ink focus-within:border-brand ${invalid ? 'border-danger' : 'border-line'}`}>
        {/* Stays in view under the site's top bar while a long text is written. */}
        <Toolbar
          aria-label={t('editor.toolbar')}
          aria-controls={id}
          className="sticky top-14 z-20 flex flex-wrap items-center gap-y-0.5 rounded-t-lg border-b border-line bg-sunken p-1"
        >
          <ToolGroup>
            <Tool
              label={t('editor.paragraph')}
              icon={Pilcrow}
              keys="Mod+Alt+0"
              pressed={state?.block === 'paragraph'}
              disabled={disabled}
              onPress={() => editor?.chain().focus().setParagraph().run()}
            />
            <Tool
              label={t('editor.heading2')}
              icon={Heading2}
              keys="Mod+Alt+2"
              pressed={state?.block === 'h2'}
              disabled={disabled}
              onPress={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}
            />
            <Tool
              label={t('editor.heading3')}
              icon={Heading3}
              keys="Mod+Alt+3"
              pressed={state?.block === 'h3'}
              disabled={disabled}
              onPress={() => editor?.chain().focus().toggleHeading({ level: 3 }).run()}
            />
          </ToolGroup>
          <ToolGroup>
            <Tool
              label={t('editor.bold')}
              icon={Bold}
              keys="Mod+B"
              pressed={state?.bold ?? false}
              disabled={disabled}
              onPress={() => editor?.chain().focus().toggleBold().run()}
            />
            <Tool
              label={t('editor.italic')}
              icon={Italic}
              keys="Mod+I"
              pressed={state?.italic ?? false}
              disabled={disabled}
              onPress={() => editor?.chain().focus().toggleItalic().run()}
            />
          </ToolGroup>
          <ToolGroup>
            <Tool
              label={t('editor.bullet_list')}
              icon={List}
              keys="Mod+Shift+8"
              pressed={state?.bulletList ?? false}
              disabled={disabled}
              onPress={() => editor?.chain().focus().toggleBulletList().run()}
            />
            <Tool
              label={t('editor.ordered_list')}
              icon={ListOrdered}
              keys="Mod+Shift+7"
              pressed={state?.orderedList ?? false}
              disabled={disabled}
              onPress={() => editor?.chain().focus().toggleOrderedList().run()}
            />
            <Tool
              label={t('editor.quote')}
              icon={TextQuote}
              keys="Mod+Shift+B"
              pressed={state?.quote ?? false}
              disabled={disabled}
              onPress={() => editor?.chain().focus().toggleBlockquote().run()}
            />
          </ToolGroup>
          <ToolGroup>
            <Tool
              label={t('editor.link')}
              icon={LinkIcon}
              keys="Mod+K"
              pressed={state?.link ?? false}
              disabled={disabled}
              onPress={editLink}
            />
            <Tool label={t('editor.picture')} icon={ImagePlus} disabled={disabled} onPress={() => fileInput.current?.click()} />
          </ToolGroup>
          <ToolGroup>
            <Tool
              label={t('editor.undo')}
              icon={Undo2}
              keys="Mod+Z"
              disabled={!state?.canUndo}
              onPress={() => editor?.chain().focus().undo().run()}
            />
            <Tool
              label={t('editor.redo')}
              icon={Redo2}
              keys="Mod+Shift+Z"
              disabled={!state?.canRedo}
              onPress={() => editor?.chain().focus().redo().run()}
            />
          </ToolGroup>
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
            if (file) pickPicture({ file });
          }}
        />
        <EditorContent editor={editor} className="rich-text-editor" />
      </div>
      <FieldErrors id={errorsId} errors={errors} />
    </div>
  );
}
