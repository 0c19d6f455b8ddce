"use client";
// A console form: submits its FormData to a server action and shows the answer. Errors sit under the
// field they name (the API's `param`) and in a summary; fields are checked with the API schema on blur.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useTransition,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import Link from "next/link";
import { validateConsoleForm } from "@/app/(console)/_actions/validate";
import type { FormState } from "@/lib/console/forms";
import { Notice } from "@/components/Notice";

interface Ctx {
  errors: Record<string, string>;
  pending: boolean;
  /** False until the form's script runs: before that a submit would be a plain browser submission. */
  ready: boolean;
  formId: string;
}
const FormContext = createContext<Ctx>({ errors: {}, pending: false, ready: false, formId: "" });
export const useConsoleForm = () => useContext(FormContext);

export interface ConsoleFormProps<R> {
  action: (formData: FormData) => Promise<FormState<R> | undefined | void>;
  /** The form kind of lib/console/form-specs, for inline validation. */
  validate?: string;
  children: ReactNode;
  /** Shown (with the result) after a success; the form is cleared when `reset` is set. */
  success?: (result: R) => ReactNode;
  reset?: boolean;
  className?: string;
  "aria-label"?: string;
}

export function ConsoleForm<R>({ action, validate, children, success, reset, className, ...rest }: ConsoleFormProps<R>) {
  const formId = useId();
  const ref = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState<R>>({ status: "idle" });
  const [inline, setInline] = useState<Record<string, string>>({});
  const touched = useRef(new Set<string>());
  const [pending, start] = useTransition();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const check = useCallback(async () => {
    if (!validate || !ref.current) return;
    const found = await validateConsoleForm(validate, new FormData(ref.current));
    setInline(Object.fromEntries(Object.entries(found).filter(([name]) => touched.current.has(name))));
  }, [validate]);

  const onBlur = (event: React.FocusEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (!name || !validate) return;
    touched.current.add(name);
    void check();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The button that submitted it counts (e.g. "Grant" or "Revoke").
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
    const formData = new FormData(form, submitter);
    start(async () => {
      const next = (await action(formData)) ?? { status: "idle" };
      setState(next as FormState<R>);
      if (next.status === "ok") {
        touched.current.clear();
        setInline({});
        if (reset) form.reset();
      } else if (next.status === "error" && next.fields) {
        for (const name of Object.keys(next.fields)) touched.current.add(name);
        setInline({});
        // Focus the first field with an error, for keyboard and screen-reader users.
        const first = Object.keys(next.fields)[0];
        (form.querySelector(`[name="${CSS.escape(first)}"]`) as HTMLElement | null)?.focus();
      }
    });
  };

  const errors = { ...(state.status === "error" ? state.fields : {}), ...inline };
  const fieldless = state.status === "error" && state.message && !Object.keys(state.fields ?? {}).length;
  return (
    <FormContext.Provider value={{ errors, pending, ready, formId }}>
      {/* method="post": even a submission before the script runs never puts a field (a password) in a URL. */}
      <form ref={ref} method="post" className={className ?? "form"} onSubmit={onSubmit} onBlur={onBlur} noValidate aria-busy={pending} {...rest}>
        {fieldless ? (
          <Notice tone="danger" role="alert">
            {state.message}
            {state.link ? (
              <>
                {" "}
                <Link href={state.link.href}>{state.link.label}</Link>
              </>
            ) : null}
          </Notice>
        ) : state.status === "error" && state.fields ? (
          <div className="visually-hidden" role="alert">
            {state.message}
          </div>
        ) : null}
        {children}
        {state.status === "ok" && success ? <div role="status">{success(state.result as R)}</div> : null}
      </form>
    </FormContext.Provider>
  );
}

function useField(name: string, describedBy?: string) {
  const { errors, formId } = useConsoleForm();
  const id = `${formId}-${name.replace(/\W/g, "_")}`;
  const error = errors[name];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [describedBy ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { id, error, hintId, errorId, describedBy: ids };
}

interface FieldChrome {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

function Chrome({ id, label, hint, hintId, error, errorId, className, children }: { id: string; label: ReactNode; hint?: ReactNode; hintId: string; error?: string; errorId: string; className?: string; children: ReactNode }) {
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Field({ name, label, hint, className, mono, ...input }: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { mono?: boolean }) {
  const f = useField(name, hint ? "hint" : undefined);
  return (
    <Chrome id={f.id} label={label} hint={hint} hintId={f.hintId} error={f.error} errorId={f.errorId} className={className}>
      <input id={f.id} name={name} className={mono ? "input mono" : "input"} aria-invalid={f.error ? true : undefined} aria-describedby={f.describedBy} {...input} />
    </Chrome>
  );
}

export function TextArea({ name, label, hint, className, ...input }: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const f = useField(name, hint ? "hint" : undefined);
  return (
    <Chrome id={f.id} label={label} hint={hint} hintId={f.hintId} error={f.error} errorId={f.errorId} className={className}>
      <textarea id={f.id} name={name} className="textarea" aria-invalid={f.error ? true : undefined} aria-describedby={f.describedBy} {...input} />
    </Chrome>
  );
}

export function Select({
  name,
  label,
  hint,
  className,
  options,
  ...select
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const f = useField(name, hint ? "hint" : undefined);
  return (
    <Chrome id={f.id} label={label} hint={hint} hintId={f.hintId} error={f.error} errorId={f.errorId} className={className}>
      <select id={f.id} name={name} className="select" aria-invalid={f.error ? true : undefined} aria-describedby={f.describedBy} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Chrome>
  );
}

/** A group of checkboxes under one legend; `name` is the error key (e.g. `events` or `features`). */
export function CheckGroup({ name, legend, hint, children, className }: { name: string; legend: ReactNode; hint?: ReactNode; children: ReactNode; className?: string }) {
  const f = useField(name, hint ? "hint" : undefined);
  return (
    <fieldset className={`field ${className ?? ""}`} aria-describedby={f.describedBy} aria-invalid={f.error ? true : undefined}>
      <legend>{legend}</legend>
      {children}
      {hint ? (
        <span className="hint" id={f.hintId}>
          {hint}
        </span>
      ) : null}
      {f.error ? (
        <span className="error" id={f.errorId}>
          {f.error}
        </span>
      ) : null}
    </fieldset>
  );
}

export function Check({ name, label, ...input }: { name: string; label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="check">
      <input type="checkbox" name={name} {...input} />
      <span>{label}</span>
    </label>
  );
}

export function Submit({ children, pendingLabel, className, disabled }: { children: ReactNode; pendingLabel?: string; className?: string; disabled?: boolean }) {
  const { pending, ready } = useConsoleForm();
  return (
    <button type="submit" className={className ?? "btn btn-primary"} disabled={pending || !ready || disabled}>
      {pending ? (pendingLabel ?? "Working…") : children}
    </button>
  );
}
