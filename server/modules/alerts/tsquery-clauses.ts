/**
 * A saved query's words as matching in memory reads them (issue 29, percolator.ts): PostgreSQL's
 * text of its tsquery turned into clauses — every clause must be met, a clause is met by any of
 * its lexemes in the ad's search document. That is exactly `document @@ query` for a query made
 * of lexemes, `|` and `&` in which no `|` holds an `&`, which is what the listing builds for words
 * (`search/text-query-sql.ts`: each word's forms OR-ed, the words AND-ed). Anything else — a
 * negation, a phrase (`<->`), a prefix or weight (`:*`, `:A`), an OR of ANDs — answers undefined:
 * such a query is tested by PostgreSQL itself.
 */

type Node = { lexeme: string } | { op: '&' | '|'; left: Node; right: Node };

/** The clauses of a tsquery's text; undefined when it is not an AND of ORs of plain lexemes. */
export function tsqueryClauses(text: string): string[][] | undefined {
  const tokens = tokenize(text);
  if (!tokens?.length) return undefined;
  let at = 0;
  // PostgreSQL's precedence: `&` binds tighter than `|` (`!` and `<->` are refused by tokenize).
  const operator = (op: '&' | '|', operand: () => Node | undefined) => (): Node | undefined => {
    let left = operand();
    while (left && tokens[at] === op) {
      at++;
      const right = operand();
      left = right && { op, left, right };
    }
    return left;
  };
  const parseOperand = (): Node | undefined => {
    const token = tokens[at++];
    if (token === '(') {
      const inner = parseOr();
      return tokens[at++] === ')' ? inner : undefined;
    }
    return typeof token === 'object' ? token : undefined;
  };
  const parseOr = operator('|', operator('&', parseOperand));
  const tree = parseOr();
  return tree && at === tokens.length ? clausesOf(tree) : undefined;
}

function clausesOf(node: Node): string[][] | undefined {
  if ('lexeme' in node) return [[node.lexeme]];
  const left = clausesOf(node.left);
  const right = clausesOf(node.right);
  if (!left || !right) return undefined;
  if (node.op === '&') return [...left, ...right];
  // An OR of single clauses is one clause; an OR holding an AND would have to be multiplied out.
  if (left.length !== 1 || right.length !== 1) return undefined;
  return [[...new Set([...left[0]!, ...right[0]!])]];
}

/** The text's lexemes, operators and parentheses; undefined for anything but `'…'`, `&`, `|`, `(`, `)`. */
function tokenize(text: string): (string | { lexeme: string })[] | undefined {
  const tokens: (string | { lexeme: string })[] = [];
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === ' ') i++;
    else if (c === '&' || c === '|' || c === '(' || c === ')') {
      tokens.push(c);
      i++;
    } else if (c === "'") {
      let lexeme = '';
      for (i++; ;) {
        if (i >= text.length) return undefined;
        if (text[i] === '\\' && i + 1 < text.length) {
          lexeme += text[i + 1];
          i += 2;
        } else if (text[i] === "'" && text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else if (text[i] === "'") {
          i++;
          break;
        } else lexeme += text[i++];
      }
      // A weight or prefix (`:A`, `:*`) asks more than the lexeme's presence.
      if (text[i] === ':') return undefined;
      tokens.push({ lexeme });
    } else return undefined;
  }
  return tokens;
}
