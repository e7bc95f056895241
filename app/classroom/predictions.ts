// A student's prediction read as the tour reads one: the number typed (decimal commas and all) or
// the choice picked, and whether it is right against the revealed answer. Pure: the server judges
// the answers it downloads with it, the lecturer's page the ones it lists.
import { parseTyped } from '../presets/param_values';
import { judgePrediction } from '../tours/answers';
import type { Prediction, Truth } from './protocol';

/** A typed prediction's number; null for a choice or a text that is not a number. */
export function predictedNumber(prediction: Prediction): number | null {
  if (!('typed' in prediction)) return null;
  const value = parseTyped(prediction.typed);
  return Number.isFinite(value) ? value : null;
}

/** Whether a prediction is right against the step's revealed answer (a number: close to it). */
export function isRight(prediction: Prediction, truth: Truth): boolean {
  if ('right' in truth) return 'choice' in prediction && prediction.choice === truth.right;
  const value = predictedNumber(prediction);
  return value !== null && judgePrediction(value, truth.value, truth.close) === 'close';
}
