/** Shared look of text inputs, textareas and selects; invalid state keyed off aria-invalid. */
export const controlClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm " +
  "placeholder:text-slate-400 transition-colors hover:border-slate-400 " +
  "focus-visible:border-accent-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-500/40 " +
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 " +
  "aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/40";
