/**
 * The post body editor: wangEditor (via @wangeditor/editor-for-react) with the toolbar of spec
 * §2, in English, at least 400 px high. It is a form control (`value` / `onChange` with HTML).
 *
 * The editor rewrites HTML it is given into its own canonical form. That rewrite is reported
 * through `onNormalized`, not `onChange`, so loading a post never counts as an edit.
 */
import { useEffect, useRef, useState } from 'react';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import {
  i18nChangeLanguage,
  type IDomEditor,
  type IEditorConfig,
  type IToolbarConfig,
} from '@wangeditor/editor';
import '@wangeditor/editor/dist/css/style.css';
import './rich-text-editor.css';
import { errorMessage, LAYOUT, LIMITS } from '@studio/shared';
import { useToast } from '../../../hooks/use-toast';
import { uploadMedia } from '../../media/service';
import { PARAGRAPH_MENU_KEY, registerParagraphMenu } from './paragraph-menu';

i18nChangeLanguage('en');
registerParagraphMenu();

const EMPTY_HTML = '<p><br></p>';
/** What the server keeps (backend post-html.ts): web images or this site's media library. */
const IMAGE_SRC = /^(https?:\/\/\S+|\/uploads\/[A-Za-z0-9._-]+)$/i;
const LINK_URL = /^(https?:\/\/|mailto:|\/|#)/i;

const TOOLBAR: Partial<IToolbarConfig> = {
  toolbarKeys: [
    'bold',
    'italic',
    'underline',
    'code',
    '|',
    'header1',
    'header2',
    PARAGRAPH_MENU_KEY,
    '|',
    'bulletedList',
    'numberedList',
    '|',
    'justifyLeft',
    'justifyCenter',
    'justifyRight',
    'justifyJustify',
    '|',
    'blockquote',
    'insertLink',
    'insertImage',
    'uploadImage',
    '|',
    'undo',
    'redo',
  ],
};

/** Accessible names and tooltips (with the shortcut) for the toolbar, by menu key. */
const BUTTON_NAMES: Record<string, [string, string?]> = {
  bold: ['Bold', 'Ctrl+B'],
  italic: ['Italic', 'Ctrl+I'],
  underline: ['Underline', 'Ctrl+U'],
  code: ['Code', 'Ctrl+E'],
  header1: ['Heading 1'],
  header2: ['Heading 2'],
  [PARAGRAPH_MENU_KEY]: ['Paragraph'],
  bulletedList: ['Bulleted list'],
  numberedList: ['Numbered list'],
  justifyLeft: ['Align left'],
  justifyCenter: ['Align centre'],
  justifyRight: ['Align right'],
  justifyJustify: ['Justify'],
  blockquote: ['Quote'],
  insertLink: ['Insert link'],
  insertImage: ['Insert image from a web address'],
  uploadImage: ['Upload image'],
  undo: ['Undo', 'Ctrl+Z'],
  redo: ['Redo', 'Ctrl+Y'],
};

type Alert = (text: string, type: string) => void;

function editorConfig(alert: { current: Alert }): Partial<IEditorConfig> {
  return {
    // The editor's messages (a refused link or image, a failed upload) as toasts, not alert().
    customAlert: (text: string, type: string) => alert.current(text, type),
    placeholder: 'Write your post… Use H2 subheadings to break it into sections.',
    scroll: false,
    // The page decides where focus goes (the title, for a new post).
    autoFocus: false,
    MENU_CONF: {
      insertImage: {
        checkImage: (src: string) =>
          IMAGE_SRC.test(src.trim()) ||
          'Use an image address starting with https:// or one from the media library (/uploads/…).',
      },
      insertLink: {
        checkLink: (_text: string, url: string) =>
          LINK_URL.test(url.trim()) || 'Use a link starting with https://, mailto: or /.',
      },
      uploadImage: {
        allowedFileTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
        maxFileSize: LIMITS.upload.maxBytes,
        async customUpload(file: File, insert: (src: string, alt: string, href: string) => void) {
          try {
            const media = await uploadMedia(file);
            insert(media.url, media.altText ?? '', '');
          } catch (error) {
            alert.current(errorMessage(error, `Failed to upload ${file.name}.`), 'error');
          }
        },
      },
    },
  };
}

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  onNormalized?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
  label?: string;
}

export function RichTextEditor({ value, onChange, onNormalized, id, label = 'Content', ...rest }: Props) {
  const invalid = Boolean(rest['aria-invalid']);
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const toast = useToast();
  const alert = useRef<Alert>(() => undefined);
  alert.current = (text, type) => (type === 'error' ? toast.error('Error', text) : toast.info(text));
  const [config] = useState(() => editorConfig(alert));
  const [initialHtml] = useState(() => value || EMPTY_HTML);
  const lastHtml = useRef(initialHtml);
  const wrapper = useRef<HTMLDivElement>(null);
  // True while the editor rewrites HTML it was given (its change events then are not edits).
  const normalising = useRef(true);
  const handlers = useRef({ onChange, onNormalized });
  handlers.current = { onChange, onNormalized };

  // wangEditor is not a React component: destroy it with the page.
  useEffect(() => {
    return () => editor?.destroy();
  }, [editor]);

  // Name the editable area for assistive technology.
  useEffect(() => {
    if (!editor) return;
    const editable = editor.getEditableContainer().querySelector<HTMLElement>('[contenteditable]');
    if (!editable) return;
    editable.setAttribute('aria-label', label);
    editable.setAttribute('aria-multiline', 'true');
    editable.setAttribute('role', 'textbox');
    if (id) editable.id = id;
    if (invalid) editable.setAttribute('aria-invalid', 'true');
    else editable.removeAttribute('aria-invalid');
  }, [editor, id, label, invalid]);

  // Name the toolbar buttons (wangEditor draws them itself, some with no text at all).
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const nameButtons = () =>
      root.querySelectorAll<HTMLButtonElement>('button[data-menu-key]').forEach((button) => {
        const name = BUTTON_NAMES[button.dataset.menuKey ?? ''];
        if (!name) return;
        // A button showing text ("H1") is named starting with it, so speech input finds it.
        const shown = button.textContent?.trim() ?? '';
        const label =
          shown && !name[0].toLowerCase().includes(shown.toLowerCase()) ? `${shown}, ${name[0]}` : name[0];
        if (button.getAttribute('aria-label') === label) return;
        button.setAttribute('aria-label', label);
        button.dataset.tooltip = name[1] ? `${name[0]} (${name[1]})` : name[0];
        button.classList.add('w-e-menu-tooltip-v5');
      });
    nameButtons();
    const observer = new MutationObserver(nameButtons);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  // A value set from outside (not typed here) replaces the content.
  useEffect(() => {
    if (!editor || value === undefined || value === lastHtml.current) return;
    normalising.current = true;
    editor.setHtml(value || EMPTY_HTML);
    lastHtml.current = editor.getHtml();
    queueMicrotask(() => (normalising.current = false));
    if (lastHtml.current !== value) handlers.current.onNormalized?.(lastHtml.current);
  }, [editor, value]);

  return (
    <div ref={wrapper} className={`post-body-editor${invalid ? ' post-body-editor--invalid' : ''}`}>
      <Toolbar editor={editor} defaultConfig={TOOLBAR} mode="default" className="post-body-editor__toolbar" />
      <Editor
        defaultConfig={config}
        defaultHtml={initialHtml}
        mode="default"
        className="post-body-editor__area"
        style={{ minHeight: LAYOUT.editorMinHeightPx }}
        onCreated={(created) => {
          setEditor(created);
          lastHtml.current = created.getHtml();
          queueMicrotask(() => (normalising.current = false));
          if (lastHtml.current !== value) handlers.current.onNormalized?.(lastHtml.current);
        }}
        onChange={(changed) => {
          const html = changed.getHtml();
          if (html === lastHtml.current) return;
          lastHtml.current = html;
          if (normalising.current) handlers.current.onNormalized?.(html);
          else handlers.current.onChange?.(html);
        }}
      />
    </div>
  );
}
