// Command ids the extension registers and refers to from code (package.json contributes them).
export const SHOW_IN_EFFECT_COMMAND = 'intentLens.inEffect';
/** Re-score final answers (no argument: pick all run logs or one). */
export const RESCORE_COMMAND = 'intentLens.rescore';
