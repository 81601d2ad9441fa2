// Lets the build leave out the parts of react-router no app uses. Its production build defines
// each component and context at the top level (`var Form = React10.forwardRef(…)`,
// `React3.memo(…)`, `React.createContext(…)`, `Symbol(…)`) without marking the call pure, and
// names it for React's developer tools (`Form.displayName = "Form"`): both count as side
// effects, so every definition stayed with all it uses (the `<Form>`/`useSubmit` machinery,
// the data router, framework-mode prefetching). This marks those calls `/*#__PURE__*/` (what
// React's own builds declare) and drops the display names (developer tools only).
const PURE_DEFINITION =
  /^(var|const|let) (\w+) = (?=(?:React\d*\.(?:createContext|forwardRef|memo)|Symbol)\()/gm;
const DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";$/gm;

module.exports = function pureTopLevelCalls(source) {
  return source.replace(PURE_DEFINITION, '$1 $2 = /*#__PURE__*/ ').replace(DISPLAY_NAME, '');
};
