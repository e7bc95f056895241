import { describe, expect, it } from 'vitest';

import { missingWords, overlay } from './overlay';

const WORDS = new Set(['title', 'text', 'label']);
const source = {
  id: 'ring',
  title: 'A ring',
  steps: [
    { title: 'One', text: 'First', choices: [{ label: 'Yes', when: 1 }] },
    { title: 'Two', text: 'Second' },
  ],
};

describe('overlay', () => {
  it('lays the words over the source, leaving the rest', () => {
    const ja = { title: 'リング', steps: [{ choices: [{ label: 'はい' }] }, { text: '二つ目' }] };
    expect(overlay(source, ja, WORDS, 'ja/ring.json')).toEqual({
      id: 'ring',
      title: 'リング',
      steps: [
        { title: 'One', text: 'First', choices: [{ label: 'はい', when: 1 }] },
        { title: 'Two', text: '二つ目' },
      ],
    });
  });
  it('refuses what the source has not, or what is no word, naming the path', () => {
    expect(() => overlay(source, { steps: [{}] }, WORDS, 'f')).toThrow('f: steps: a list of 2');
    expect(() => overlay(source, { summary: 'x' }, WORDS, 'f')).toThrow(
      'f: summary: not in the source',
    );
    expect(() => overlay(source, { id: 'x' }, WORDS, 'f')).toThrow('f: id: not a word');
    expect(() => overlay(source, { title: ' ' }, WORDS, 'f')).toThrow('f: title: a text');
    expect(() => overlay(source, { steps: [{}, { title: 2 }] }, WORDS, 'f')).toThrow(
      'f: steps.1.title: a text',
    );
  });
  it('lists the words left untranslated', () => {
    expect(
      missingWords(source, { title: 'リング', steps: [{ text: '一', title: '一' }, {}] }, WORDS),
    ).toEqual(['steps.0.choices.0.label', 'steps.1.title', 'steps.1.text']);
  });
});
