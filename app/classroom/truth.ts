// The answer the lecturer's page sends at Reveal, read from the step's run as the tour reads it: a
// number in the scale a prediction is typed in (a percentage as one), or the right choice.
import { i18n } from '../i18n/i18n';
import type { StepRun } from '../tours/answers';
import { readStepValue, rightChoice } from '../tours/answers';
import type { QuestionSpec } from '../tours/schema';
import { answerUnit } from '../tours/TourQuestion';
import type { Truth } from './protocol';

/** The step's answer to send; throws in words when the run singles out none. */
export function truthOf(question: QuestionSpec, runs: StepRun): Truth {
  if (question.kind === 'choice') {
    const right = rightChoice(question, runs);
    if (right === null) throw new Error(i18n.t('teaching:truth.noOneChoice'));
    return { right };
  }
  const answer = readStepValue(question.answer, runs);
  return {
    value: answer.percent ? answer.value * 100 : answer.value,
    unit: answerUnit(question, runs) ?? '',
    text: answer.text,
    close: question.close ?? 0.2,
  };
}
