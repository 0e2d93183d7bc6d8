// What the workbench's editor (web/editor.js) takes from CodeMirror 6, bundled by
// build.mjs into web/vendor/codemirror.js. Only what is named here is kept in the bundle.
export { EditorState, StateEffect, StateField, RangeSet } from "@codemirror/state";
export {
  EditorView,
  Decoration,
  GutterMarker,
  gutterLineClass,
  keymap,
  lineNumbers,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  drawSelection,
  dropCursor,
  rectangularSelection,
  crosshairCursor,
} from "@codemirror/view";
export { history, defaultKeymap, historyKeymap, indentWithTab } from "@codemirror/commands";
export {
  StreamLanguage,
  syntaxHighlighting,
  defaultHighlightStyle,
  bracketMatching,
} from "@codemirror/language";
export { search, searchKeymap, highlightSelectionMatches } from "@codemirror/search";
export { setDiagnostics, lintKeymap } from "@codemirror/lint";
export { toml } from "@codemirror/legacy-modes/mode/toml";
