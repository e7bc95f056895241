import type { ParamSpec } from '../engine/types';

export interface ParamHeadProps {
  spec: ParamSpec;
  /** The id of the field the label names. */
  inputId: string;
  /** The paper's value as text. */
  paperText: string;
  source: string | undefined;
  /** The value or the typed text differs from the paper's, so a reset does something. */
  changed: boolean;
  onReset(): void;
}

/** A parameter's label (tooltip: what it means and where the value comes from) and reset. */
export function ParamHead({ spec, inputId, paperText, source, changed, onReset }: ParamHeadProps) {
  const tooltip = [spec.description, source ? `Paper value ${paperText}: ${source}` : '']
    .filter(Boolean)
    .join('\n');
  return (
    <div className="param-head">
      <label htmlFor={inputId} title={tooltip}>
        {spec.label}
        {spec.unit ? <span className="unit"> ({spec.unit})</span> : null}
      </label>
      <button
        type="button"
        className="reset"
        onClick={onReset}
        disabled={!changed}
        aria-label={`Reset ${spec.label} to the paper value ${paperText}`}
        title={`Reset to the paper value (${paperText})`}
      >
        ↺
      </button>
    </div>
  );
}

/** The message under an invalid field, with the valid range; `id` is its aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  );
}
