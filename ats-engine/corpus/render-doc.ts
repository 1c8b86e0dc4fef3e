/** Word 97-2003 files: the blocks as plain paragraphs (typed bullets, a tab before dates). */
import { writeWordDoc } from './doc-writer';
import type { Block, ResumeSpec } from './model';
import { headerBlocks } from './model';

function paragraphOf(block: Block, bullet: string): string {
  switch (block.type) {
    case 'name':
    case 'headline':
    case 'subline':
    case 'paragraph':
      return block.text;
    case 'contact':
      return block.parts.join(' | ');
    case 'heading':
      return block.text;
    case 'entry':
      return block.right ? `${block.left}\t${block.right}` : block.left;
    case 'bullet':
      return `${bullet} ${block.text}`;
    case 'skills':
      return `${block.label ? `${block.label}: ` : ''}${block.items.join(', ')}`;
  }
}

export function renderDoc(spec: ResumeSpec): Uint8Array {
  const blocks = [...headerBlocks(spec), ...spec.sections.flatMap((s) => s.blocks)];
  return new Uint8Array(writeWordDoc(blocks.map((block) => paragraphOf(block, spec.look.bullet))));
}
