/**
 * Step-up: a sensitive change (signing a note, a refund, a role change) answers 403 STEP_UP_REQUIRED when the user
 * last proved who they are longer ago than the organisation allows. The HTTP layer then asks the registered handler
 * (the step-up dialog, mounted with the app's shell) and, once the user has confirmed, sends the request again once.
 */
export type StepUpHandler = () => Promise<boolean>;

let handler: StepUpHandler | null = null;
let pending: Promise<boolean> | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Whether the dialog is asking now (the saving overlay stands aside for it: the change waits on the user). */
export function isAskingStepUp(): boolean {
  return pending !== null;
}

export function subscribeStepUp(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers the dialog that asks for the proof; returns the unregistration. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Asks the user to confirm who they are (one dialog for requests refused together); false when cancelled or unavailable. */
export function confirmStepUp(): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  if (!pending) {
    pending = handler().finally(() => {
      pending = null;
      notify();
    });
    notify();
  }
  return pending;
}

export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
