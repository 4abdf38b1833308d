/**
 * A "Paragraph" toolbar button for wangEditor, which only offers it inside its heading
 * drop-down: turns the selected headings, quotes and list items back into plain paragraphs.
 * Registered once per page load (wangEditor refuses a second registration of a key).
 */
import {
  Boot,
  DomEditor,
  SlateEditor,
  SlateElement,
  SlateTransforms,
  type IButtonMenu,
  type IDomEditor,
} from '@wangeditor/editor';

export const PARAGRAPH_MENU_KEY = 'paragraph';

const CONVERTIBLE = /^(header\d|blockquote|list-item)$/;
const PILCROW =
  '<svg viewBox="0 0 1024 1024"><path d="M416 96h480v112h-96v720H688V208h-96v720H480V560h-64a232 232 0 0 1 0-464z"></path></svg>';

class ParagraphMenu implements IButtonMenu {
  readonly title = 'Paragraph';
  readonly iconSvg = PILCROW;
  readonly tag = 'button';

  getValue(): string {
    return '';
  }

  isActive(editor: IDomEditor): boolean {
    const [entry] = SlateEditor.nodes(editor, {
      match: (n) => SlateElement.isElement(n) && SlateEditor.isBlock(editor, n),
      mode: 'highest',
    });
    return !!entry && DomEditor.getNodeType(entry[0]) === 'paragraph';
  }

  isDisabled(editor: IDomEditor): boolean {
    return editor.selection == null;
  }

  exec(editor: IDomEditor): void {
    const match = (n: unknown) =>
      SlateElement.isElement(n) && CONVERTIBLE.test(DomEditor.getNodeType(n as SlateElement));
    SlateTransforms.unsetNodes(editor, ['ordered', 'level'], { match });
    SlateTransforms.setNodes(editor, { type: 'paragraph' } as Partial<SlateElement>, { match });
  }
}

let registered = false;
export function registerParagraphMenu(): void {
  if (registered) return;
  registered = true;
  Boot.registerMenu({ key: PARAGRAPH_MENU_KEY, factory: () => new ParagraphMenu() });
}
