import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

import { chooseLanguage, i18n } from './i18n';
import { Rich } from './Rich';

describe('<Rich>', () => {
  afterEach(() => chooseLanguage('en'));

  it('puts each element where the language’s sentence has it', async () => {
    i18n.addResource('en', 'common', 'test.look', 'Look at {target}{outlined}.');
    i18n.addResource('ja', 'common', 'test.look', '{outlined}{target}を見てください。');
    const draw = () =>
      renderToStaticMarkup(
        <Rich k="test.look" values={{ target: 'X' }} parts={{ outlined: <b>o</b> }} />,
      );
    expect(draw()).toBe('Look at X<b>o</b>.');
    await chooseLanguage('ja');
    expect(draw()).toBe('<b>o</b>Xを見てください。');
  });
});
