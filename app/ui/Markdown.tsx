// A step's words or a question's explanation drawn from their small Markdown (markdown_parse.ts)
// as React elements: a lesson's text never becomes markup, and a link opens apart from the page.
import type { ReactNode } from 'react';

import { Glossed } from '../glossary/Glossed';
import type { Inline } from './markdown_parse';
import { parseMarkdown } from './markdown_parse';
import './markdown.css';

function Runs({ runs, gloss }: { runs: Inline[]; gloss: boolean }): ReactNode {
  return runs.map((run, i) => {
    switch (run.kind) {
      case 'text':
        return gloss ? <Glossed key={i} text={run.text} /> : run.text;
      case 'em':
        return (
          <em key={i}>
            <Runs runs={run.children} gloss={gloss} />
          </em>
        );
      case 'strong':
        return (
          <strong key={i}>
            <Runs runs={run.children} gloss={gloss} />
          </strong>
        );
      case 'code':
        return <code key={i}>{run.text}</code>;
      case 'math':
        return (
          <span key={i} className="md-math">
            {run.text}
          </span>
        );
      case 'link':
        return (
          <a key={i} href={run.href} target="_blank" rel="noopener noreferrer">
            {run.text}
          </a>
        );
    }
  });
}

/** A text's paragraphs and lists; `gloss` marks the glossary's words in it, as Glossed does. */
export function Markdown({ text, gloss = true }: { text: string; gloss?: boolean }) {
  return parseMarkdown(text).map((block, i) => {
    if (block.kind === 'p')
      return (
        <p key={i}>
          <Runs runs={block.children} gloss={gloss} />
        </p>
      );
    const items = block.items.map((item, j) => (
      <li key={j}>
        <Runs runs={item} gloss={gloss} />
      </li>
    ));
    return block.kind === 'ul' ? (
      <ul key={i}>{items}</ul>
    ) : (
      <ol key={i} start={block.start}>
        {items}
      </ol>
    );
  });
}
