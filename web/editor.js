// The ruleset editor: CodeMirror 6 (bundled in vendor/codemirror.js, see web/editor/)
// with TOML highlighting, which reports its text a moment after the author stops typing
// and underlines the loader's error from its line and column.

import {
  EditorState,
  EditorView,
  StateEffect,
  StateField,
  RangeSet,
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
  history,
  defaultKeymap,
  historyKeymap,
  indentWithTab,
  StreamLanguage,
  syntaxHighlighting,
  defaultHighlightStyle,
  bracketMatching,
  search,
  searchKeymap,
  highlightSelectionMatches,
  setDiagnostics,
  lintKeymap,
  toml,
} from "./vendor/codemirror.js";

const PAUSE_MS = 250;

/** The error's line (a position at its start), or null: its line number and its shading. */
const setErrorLine = StateEffect.define();
const errorNumber = new (class extends GutterMarker {
  elementClass = "error-marker";
})();
const errorShade = Decoration.line({ class: "cm-errorLine" });
const errorLine = StateField.define({
  create: () => ({ numbers: RangeSet.empty, shade: Decoration.none }),
  update(value, tr) {
    for (const e of tr.effects) {
      if (!e.is(setErrorLine)) continue;
      if (e.value === null) return { numbers: RangeSet.empty, shade: Decoration.none };
      return { numbers: RangeSet.of([errorNumber.range(e.value)]), shade: Decoration.set([errorShade.range(e.value)]) };
    }
    // The marks follow the text typed above them until the next check replaces them.
    return tr.docChanged ? { numbers: value.numbers.map(tr.changes), shade: value.shade.map(tr.changes) } : value;
  },
  provide: (field) => [
    gutterLineClass.from(field, (v) => v.numbers),
    EditorView.decorations.from(field, (v) => v.shade),
  ],
});

/**
 * Where an error at `column` (1-based) of `line` ends: past the quoted string it opens,
 * or at the end of its word (within a string: "Kx" is wrong at its x), or at the line's
 * end when the column is on neither (a missing value, say).
 */
function errorRange(line, column) {
  const from = line.from + Math.min(Math.max(0, column - 1), line.length);
  const rest = line.text.slice(from - line.from);
  const token = rest.match(/^"(?:[^"\\]|\\.)*"?|^'[^']*'?|^[^\s,=[\]{}"']+/);
  return { from, to: token ? from + token[0].length : line.to };
}

export class Editor {
  /** `parent`: where the editor goes; `message`: the error's text, clickable; `status`: valid or not. */
  constructor({ parent, message, status }, onChange) {
    Object.assign(this, { message, status });
    this.timer = null;
    this.error = null;
    const report = EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      clearTimeout(this.timer);
      this.status.textContent = "checking…";
      this.timer = setTimeout(() => onChange(this.text), PAUSE_MS);
    });
    this.extensions = [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      dropCursor(),
      EditorState.allowMultipleSelections.of(true),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      bracketMatching(),
      rectangularSelection(),
      crosshairCursor(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: true }),
      keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...lintKeymap, indentWithTab]),
      StreamLanguage.define(toml),
      EditorState.tabSize.of(2),
      EditorView.contentAttributes.of({ "aria-label": "ruleset TOML", spellcheck: "false" }),
      errorLine,
      report,
    ];
    this.view = new EditorView({ parent, state: EditorState.create({ extensions: this.extensions }) });
    message.addEventListener("click", () => this.goToError());
  }

  /** The editor's text. */
  get text() {
    return this.view.state.doc.toString();
  }

  /** Replaces the text without reporting it (a variant was picked, a file opened), with a fresh undo history. */
  setText(text) {
    clearTimeout(this.timer);
    this.view.setState(EditorState.create({ doc: text, extensions: this.extensions }));
    // A new text is read from its top; the scroller keeps the old text's offset otherwise.
    this.view.scrollDOM.scrollTo(0, 0);
    this.showError(null);
  }

  /** `error`: serve's `bad-ruleset` error (`message`, `line`, `column`, `key`), or null. */
  showError(error) {
    this.error = error;
    this.message.hidden = !error;
    this.status.textContent = error ? "error" : "valid";
    this.status.className = error ? "status-error" : "status-ok";
    if (error) {
      this.message.textContent = error.message;
      this.message.dataset.line = error.line ?? "";
      this.message.dataset.column = error.column ?? "";
      this.message.title = "click to go to the error";
    }
    const { doc } = this.view.state;
    // An error cites the text it was given; a line past the end (the text changed since) is not marked.
    const line = error && error.line && error.line <= doc.lines ? doc.line(error.line) : null;
    const diagnostics = line ? [{ ...errorRange(line, error.column || 1), severity: "error", message: error.message }] : [];
    const spec = setDiagnostics(this.view.state, diagnostics);
    this.view.dispatch({ ...spec, effects: [...[spec.effects ?? []].flat(), setErrorLine.of(line ? line.from : null)] });
  }

  /** Puts the cursor at the error, a few lines of context above it. */
  goToError() {
    const e = this.error;
    if (!e || !e.line) return;
    const { doc } = this.view.state;
    const line = doc.line(Math.min(e.line, doc.lines));
    const at = line.from + Math.min(Math.max(0, (e.column || 1) - 1), line.length);
    this.view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: "center" }) });
    this.view.focus();
  }
}
