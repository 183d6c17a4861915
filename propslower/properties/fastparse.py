"""A fast driver for a lark LALR grammar: lark's own tables and terminals, a tighter loop."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

from lark import Lark, Token, Tree
from lark.grammar import Rule, Symbol, Terminal
from lark.lexer import BasicLexer, PatternStr, UnlessCallback
from lark.parsers.lalr_analysis import Shift

# Stack values are tokens, trees, ``None`` placeholders, and lists for inlined ``_rules``.
_Builder = Callable[[list[Any]], Any]
# A reduce: the rule's length, its builder (``None``: keep the lone child), goto by state.
_Reduce = tuple[int, _Builder | None, list[int]]
# A terminal: its name, whether it is ignored, its keyword conversions, whether it spans lines,
# and the one token that stands for all of its tokens when no rule keeps them (a comma).
_Kind = tuple[str, bool, dict[str, str] | None, bool, Token | None]
# A recorded parse step: ``None`` shifts the next token, else a reduce's size and builder.
_Step = tuple[int, _Builder] | None
_PLANS = 4096
"""Token-kind sequences remembered per parser (the cache stops growing at this size)."""
_BLANKS = " \t"
_END = "$END"
_ERROR = "$ERROR"

# Token is a str subclass with slots; filling them directly skips lark's two-step
# constructor, which matters at ~25 tokens per attribute.
_new_token = str.__new__


class FastParser:
    """Parses like ``lark_parser.parse``: the same trees and tokens, else lark itself."""

    # One regex lexes with all terminals in the root lexer's order, where lark's contextual
    # lexer tries only those the parser state accepts. When the tokens parse, each was
    # accepted where it was lexed, and the contextual lexer, trying a subset in the same
    # order, finds the same token. When they do not, lark parses the text again and decides.

    def __init__(self, lark_parser: Lark) -> None:
        options = lark_parser.options
        if (
            options.parser != "lalr"
            or options.lexer not in ("contextual", "basic")
            or options.propagate_positions
            or options.transformer is not None
            or options.postlex is not None
            or options.lexer_callbacks
            or options.tree_class not in (None, Tree)
            or options.regex
            or options.use_bytes
            or options.g_regex_flags
            or len(options.start) != 1
        ):
            raise ValueError("FastParser needs a plain LALR parser without transformers or postlex")
        self._lark = lark_parser
        frontend: Any = lark_parser.parser
        table = frontend.parser.parser.parse_table
        start = options.start[0]
        self._start_state: int = table.start_states[start]
        self._end_state: int = table.end_states[start]
        self._compile_parser(table.states, options.maybe_placeholders)
        lexer = frontend.lexer
        self._compile_lexer(lexer.root_lexer if options.lexer == "contextual" else lexer)
        self._plans: dict[tuple[str, ...], list[_Step]] = {}

    def parse(self, text: str) -> Tree[Token]:
        """The parse tree of ``text``; errors are lark's own, raised by re-parsing with lark."""
        tree = self.try_parse(text)
        if tree is None:
            return self._lark.parse(text)
        return tree

    def try_parse(self, text: str) -> Tree[Token] | None:
        """The parse tree of ``text``, or ``None`` where this driver cannot decide alone."""
        return self._parse(self._tokens(text))

    def tokens(self, text: str) -> list[Token]:
        """The tokens of ``text`` as lark's root lexer makes them (an ``$ERROR`` where it fails;
        a comma may be one shared token without a position)."""
        return self._tokens(text)

    def _tokens(self, text: str) -> list[Token]:
        """The tokens of ``text`` as lark's root lexer makes them; an ``$ERROR`` where it fails."""
        kinds = self._kinds
        tokens = []
        line = 1
        line_start = 0
        start = 0
        # The master regex ends in a match-anything alternative (kind ``$ERROR``), so finditer
        # walks the text without gaps.
        for match in self._master.finditer(text):
            kind, ignored, keywords, multiline, shared = kinds[match.lastindex or 0]
            end = match.end()
            if shared is not None:  # only its kind matters to the parser
                tokens.append(shared)
                start = end
                continue
            value = match[0]
            if value[0] in _BLANKS:  # the blanks in front of a token are skipped in its match
                value = value.lstrip(_BLANKS)
                start = end - len(value)
            if ignored:
                if multiline and "\n" in value:
                    line += value.count("\n")
                    line_start = start + value.rindex("\n") + 1
                start = end
                continue
            token = _new_token(Token, value)
            token.type = kind if keywords is None else keywords.get(value, kind)
            token.value = value
            token.start_pos = start
            token.end_pos = end
            token.line = line
            token.column = start - line_start + 1
            if multiline and "\n" in value:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            token.end_line = line
            token.end_column = end - line_start + 1
            start = end
            tokens.append(token)
        return tokens

    def _parse(self, tokens: list[Token]) -> Tree[Token] | None:
        """The tree of ``tokens``: replayed when this sequence of token kinds was seen before.

        The LALR actions depend on the kinds alone, so a sequence of kinds parsed once fixes
        the shifts and the value-building reduces for every later text with the same kinds
        (headers repeat the same shapes with other names and numbers).
        """
        kinds = tuple([token.type for token in tokens])
        plan = self._plans.get(kinds)
        if plan is None:
            steps: list[_Step] = []
            tree = self._parse_recording(tokens, steps)
            if tree is not None and len(self._plans) < _PLANS:
                self._plans[kinds] = steps
            return tree
        return _replay(plan, tokens)

    def _parse_recording(self, tokens: list[Token], steps: list[_Step]) -> Tree[Token] | None:
        """Lark's LALR loop over its own table, building values as its tree builder would."""
        record = steps.append
        actions = self._actions
        end_state = self._end_state
        state = self._start_state
        states = [state]
        values: list[Any] = []
        for token in chain(tokens, (None,)):
            kind = _END if token is None else token.type
            while True:
                try:
                    action = actions[state][kind]
                except KeyError:
                    return None
                if isinstance(action, int):
                    state = action
                    states.append(state)
                    values.append(token)
                    record(None)
                    break
                size, build, goto = action
                if build is None:
                    state = goto[states[-2]]
                    states[-1] = state
                    continue
                if size:
                    children = values[-size:]
                    del values[-size:]
                    del states[-size:]
                else:
                    children = []
                state = goto[states[-1]]
                states.append(state)
                values.append(build(children))
                record((size, build))
                if state == end_state and token is None:
                    result = values[-1]
                    assert isinstance(result, Tree)
                    return result
        raise AssertionError("the parse table never accepted")  # pragma: no cover

    def _compile_parser(
        self, table: dict[int, dict[str, tuple[Any, Any]]], placeholders: bool
    ) -> None:
        """Per state, each terminal's action: a shift's target state, or a reduce."""
        reduces: dict[Rule, _Reduce] = {}
        terminals: dict[str, bool] = {}  # each terminal a rule has: whether some rule keeps it
        for rule in table_rules(table):
            for symbol in rule.expansion:
                if isinstance(symbol, Terminal):
                    kept = rule.options.keep_all_tokens or not symbol.filter_out
                    terminals[symbol.name] = terminals.get(symbol.name, False) or kept
            goto = [0] * len(table)
            for state, row in table.items():
                if rule.origin.name in row:
                    goto[state] = row[rule.origin.name][1]
            build = _builder(rule, placeholders)
            if build is None and self._end_state in goto:
                build = _first  # the accepting check is on the general path only
            reduces[rule] = (len(rule.expansion), build, goto)
        self._dropped = {name for name, kept in terminals.items() if not kept}
        self._actions: list[dict[str, int | _Reduce]] = [{} for _ in table]
        for state, row in table.items():
            self._actions[state] = {
                kind: arg if action is Shift else reduces[arg]
                for kind, (action, arg) in row.items()
                if kind.isupper()
            }

    def _compile_lexer(self, lexer: Any) -> None:
        """The lexer's terminals in its order as one regex, with its keyword conversions."""
        if not isinstance(lexer, BasicLexer):
            raise ValueError("FastParser needs lark's BasicLexer or ContextualLexer")
        terminals = lexer.scanner.terminals
        # Each alternative ends in an empty group that names it through ``lastindex``; a
        # group in front would hide the first character from the engine's quick branch test.
        pattern = "|".join(f"(?:{t.pattern.to_regexp()})()" for t in terminals)
        # Spaces and tabs in front of a token are matched with it: ignored either way, and one
        # match instead of two for every blank-separated token. (No terminal starts with one
        # but whitespace, which is ignored; line tracking only needs newlines.)
        self._master = re.compile(f"[{_BLANKS}]*(?:{pattern}|(?s:.)())")
        if self._master.groups != len(terminals) + 1:
            raise ValueError("FastParser needs terminal patterns without capturing groups")
        keywords: dict[str, dict[str, str]] = {}
        for name, callback in lexer.callback.items():
            if not isinstance(callback, UnlessCallback):
                raise ValueError(f"FastParser does not support the lexer callback for {name}")
            strings = callback.scanner.terminals
            if not all(isinstance(t.pattern, PatternStr) and not t.pattern.flags for t in strings):
                raise ValueError(f"FastParser does not support the keywords of {name}")
            keywords[name] = {t.pattern.value: t.name for t in strings}
        self._kinds: list[_Kind] = [
            (
                name,
                name in lexer.ignore_types,
                keywords.get(name),
                name in lexer.newline_types,
                _placeholder(name) if self._shared(name, lexer, keywords) else None,
            )
            for name in ["", *(t.name for t in terminals), _ERROR]
        ]

    def _shared(self, name: str, lexer: BasicLexer, keywords: dict[str, dict[str, str]]) -> bool:
        """Whether one token can stand for all tokens of terminal ``name``: no rule keeps one."""
        return (
            name in self._dropped
            and name not in lexer.ignore_types
            and name not in lexer.newline_types
            and name not in keywords
        )


def _placeholder(kind: str) -> Token:
    """The token that stands for every token of ``kind``; its text and place are never read."""
    return Token(kind, "", 0, 1, 1, 1, 1, 0)


def _replay(plan: list[_Step], tokens: list[Token]) -> Tree[Token]:
    """The values a recorded parse builds, on new tokens of the same kinds."""
    values: list[Any] = []
    next_token = iter(tokens).__next__
    for step in plan:
        if step is None:
            values.append(next_token())
            continue
        size, build = step
        if size:
            children = values[-size:]
            del values[-size:]
        else:
            children = []
        values.append(build(children))
    result = values[-1]
    assert isinstance(result, Tree)
    return result


def table_rules(table: dict[int, dict[str, tuple[Any, Any]]]) -> list[Rule]:
    """Every rule the table reduces by, in a stable order."""
    found: dict[Rule, None] = {}
    for row in table.values():
        for action, arg in row.values():
            if action is not Shift:
                found[arg] = None
    return sorted(found, key=str)


def _builder(rule: Rule, placeholders: bool) -> _Builder | None:
    """Builds a rule's value from its children as lark's ``ParseTreeBuilder`` callbacks do.

    ``None`` marks a ``?rule`` reduced from one kept child: its value is that child. An inlined
    ``_rule`` builds the list of children its parent takes in, not the tree lark builds.
    """
    inlined = _inlined(rule.origin)
    name = rule.alias or rule.options.template_source or rule.origin.name
    expand1 = rule.options.expand1 and not rule.alias
    if inlined and expand1:
        raise ValueError(f"FastParser does not support inlined ?rules such as {name}")
    empty = rule.options.empty_indices if placeholders else ()
    nones = [len(ones) for ones in "".join(str(int(b)) for b in empty).split("0")] if empty else []
    nones = nones or [0] * (len(rule.expansion) + 1)
    plan: list[tuple[int, bool, int]] = []
    pending = 0
    for position, symbol in enumerate(rule.expansion):
        pending += nones[position]
        if rule.options.keep_all_tokens or not (isinstance(symbol, Terminal) and symbol.filter_out):
            plan.append((position, _inlined(symbol), pending))
            pending = 0
    trailing = pending + nones[-1]
    if trailing == 0 and all(add == 0 for _, _, add in plan):
        shape = [(position, inline) for position, inline, _ in plan]
        if shape == [(position, False) for position in range(len(rule.expansion))]:
            if expand1 and len(plan) == 1:
                return None
            return _same if inlined else _tree(name, expand1)
        if not expand1 and shape == [(0, True)]:
            return _first if inlined else _tree_of_first(name)
        if inlined and len(shape) == 2 and shape[0] == (0, True) and not shape[1][1]:
            return _appended(shape[1][0])
    return _filtered(name, plan, trailing, expand1, inlined)


def _inlined(symbol: Symbol) -> bool:
    return not symbol.is_term and symbol.name.startswith("_")


def _same(children: list[Any]) -> Any:
    return children


def _first(children: list[Any]) -> Any:
    return children[0]


def _tree(name: str, expand1: bool) -> _Builder:
    def build(children: list[Any]) -> Any:
        return Tree(name, children)

    def build_expand1(children: list[Any]) -> Any:
        return children[0] if len(children) == 1 else Tree(name, children)

    return build_expand1 if expand1 else build


def _tree_of_first(name: str) -> _Builder:
    def build(children: list[Any]) -> Any:
        return Tree(name, children[0])

    return build


def _appended(position: int) -> _Builder:
    """A left-recursive ``_rule``: its first child's list, one child longer."""

    def build(children: list[Any]) -> Any:
        kept: list[Any] = children[0]
        kept.append(children[position])
        return kept

    return build


def _filtered(
    name: str, plan: Sequence[tuple[int, bool, int]], trailing: int, expand1: bool, inlined: bool
) -> _Builder:
    def build(children: list[Any]) -> Any:
        kept: list[Any] = []
        for position, inline, add in plan:
            if add:
                kept += [None] * add
            if not inline:
                kept.append(children[position])
            elif kept:
                kept += children[position]
            else:
                # As lark does: take over the inlined child's list (cheap left recursion).
                kept = children[position]
        if trailing:
            kept += [None] * trailing
        if inlined:
            return kept
        return kept[0] if expand1 and len(kept) == 1 else Tree(name, kept)

    return build
