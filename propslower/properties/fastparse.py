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
# A builder as compiled code: given the local names of its children and the code's globals
# (where it may add constants), a statement to run first ("" for none) and the expression of
# the value built.
_Inline = Callable[[list[str], dict[str, Any]], tuple[str, str]]
# A reduce: the rule's length, its builder (``None``: keep the lone child), goto by state,
# and the builder's inline form if it has one.
_Reduce = tuple[int, _Builder | None, list[int], _Inline | None]
# A terminal: its name, whether it is ignored, its keyword conversions, whether it spans lines,
# and the one token that stands for all of its tokens when no rule keeps them (a comma).
_Kind = tuple[str, bool, dict[str, str] | None, bool, Token | None]
# A recorded parse step: ``None`` shifts the next token, else a reduce's size and builder.
_Step = tuple[int, _Builder, _Inline | None] | None
_PLANS = 4096
"""Token-kind sequences remembered per parser (the cache stops growing at this size)."""
_COMPILE_AFTER = 64
"""Replays of one plan before it is compiled to straight-line code (about 0.5 ms to compile a
four-property attribute's plan, then 5 us saved per parse)."""
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

    def __init__(self, lark_parser: Lark, *, compile_after: int = _COMPILE_AFTER) -> None:
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
        self._plans: dict[tuple[str, ...], _Plan] = {}
        self._compile_after = compile_after

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
                self._plans[kinds] = _Plan(steps)
            return tree
        if plan.replay is None:
            plan.uses += 1
            if plan.uses < self._compile_after:
                return _replay(plan.steps, tokens)
            plan.replay = _compiled(plan.steps)
        return plan.replay(tokens)

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
                size, build, goto, inline = action
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
                record((size, build, inline))
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
            build, inline = _builder(rule, placeholders)
            if build is None and self._end_state in goto:
                # the accepting check is on the general path only
                build, inline = _first, _inline_first
            reduces[rule] = (len(rule.expansion), build, goto, inline)
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


class _Plan:
    """A recorded parse: its steps, how often they were replayed, and their compiled form."""

    __slots__ = ("replay", "steps", "uses")

    def __init__(self, steps: list[_Step]) -> None:
        self.steps = steps
        self.uses = 0
        self.replay: Callable[[list[Token]], Tree[Token]] | None = None


def _replay(plan: list[_Step], tokens: list[Token]) -> Tree[Token]:
    """The values a recorded parse builds, on new tokens of the same kinds."""
    values: list[Any] = []
    next_token = iter(tokens).__next__
    for step in plan:
        if step is None:
            values.append(next_token())
            continue
        size, build, _ = step
        if size:
            children = values[-size:]
            del values[-size:]
        else:
            children = []
        values.append(build(children))
    result = values[-1]
    assert isinstance(result, Tree)
    return result


def _compiled(plan: list[_Step]) -> Callable[[list[Token]], Tree[Token]]:
    """:func:`_replay` of ``plan`` as straight-line code: each stack slot is a local variable."""
    namespace: dict[str, Any] = {"Tree": Tree}
    builders: dict[_Builder, str] = {}
    stack: list[str] = []
    lines: list[str] = []
    shifted = 0
    made = 0
    for step in plan:
        if step is None:
            stack.append(f"t{shifted}")
            shifted += 1
            continue
        size, build, inline = step
        children = stack[len(stack) - size :]
        del stack[len(stack) - size :]
        if inline is None:
            name = builders.setdefault(build, f"b{len(builders)}")
            namespace[name] = build
            statement, value = "", f"{name}([{', '.join(children)}])"
        else:
            statement, value = inline(children, namespace)
        if statement:
            lines.append(f" {statement}")
        if not value.isidentifier():
            lines.append(f" v{made} = {value}")
            value = f"v{made}"
            made += 1
        stack.append(value)
    unpack = "".join(f"t{index}, " for index in range(shifted)) or "_"
    header = ["def replay(tokens):", f" {unpack} = tokens"]
    source = "\n".join([*header, *lines, f" return {stack[-1]}"])
    exec(compile(source, "<replay plan>", "exec"), namespace)  # made from the parse table
    replay: Callable[[list[Token]], Tree[Token]] = namespace["replay"]
    return replay


def table_rules(table: dict[int, dict[str, tuple[Any, Any]]]) -> list[Rule]:
    """Every rule the table reduces by, in a stable order."""
    found: dict[Rule, None] = {}
    for row in table.values():
        for action, arg in row.values():
            if action is not Shift:
                found[arg] = None
    return sorted(found, key=str)


def _builder(rule: Rule, placeholders: bool) -> tuple[_Builder | None, _Inline | None]:
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
                return None, None
            return (_same, _inline_same) if inlined else _tree(name, expand1)
        if not expand1 and shape == [(0, True)]:
            return (_first, _inline_first) if inlined else _tree_of_first(name)
        if inlined and len(shape) == 2 and shape[0] == (0, True) and not shape[1][1]:
            return _appended(shape[1][0])
    return _filtered(name, plan, trailing, expand1, inlined)


def _inlined(symbol: Symbol) -> bool:
    return not symbol.is_term and symbol.name.startswith("_")


def _same(children: list[Any]) -> Any:
    return children


def _inline_same(children: list[str], _namespace: dict[str, Any]) -> tuple[str, str]:
    return "", f"[{', '.join(children)}]"


def _first(children: list[Any]) -> Any:
    return children[0]


def _inline_first(children: list[str], _namespace: dict[str, Any]) -> tuple[str, str]:
    return "", children[0]


def _constant(value: object, namespace: dict[str, Any]) -> str:
    """The global name under which compiled code finds ``value`` (a rule name, for one)."""
    name = f"c{len(namespace)}"
    namespace[name] = value
    return name


def _tree(name: str, expand1: bool) -> tuple[_Builder, _Inline | None]:
    def build(children: list[Any]) -> Any:
        return Tree(name, children)

    def build_expand1(children: list[Any]) -> Any:
        return children[0] if len(children) == 1 else Tree(name, children)

    def inline(children: list[str], namespace: dict[str, Any]) -> tuple[str, str]:
        return "", f"Tree({_constant(name, namespace)}, [{', '.join(children)}])"

    return (build_expand1, None) if expand1 else (build, inline)


def _tree_of_first(name: str) -> tuple[_Builder, _Inline]:
    def build(children: list[Any]) -> Any:
        return Tree(name, children[0])

    def inline(children: list[str], namespace: dict[str, Any]) -> tuple[str, str]:
        return "", f"Tree({_constant(name, namespace)}, {children[0]})"

    return build, inline


def _appended(position: int) -> tuple[_Builder, _Inline]:
    """A left-recursive ``_rule``: its first child's list, one child longer."""

    def build(children: list[Any]) -> Any:
        kept: list[Any] = children[0]
        kept.append(children[position])
        return kept

    def inline(children: list[str], _namespace: dict[str, Any]) -> tuple[str, str]:
        return f"{children[0]}.append({children[position]})", children[0]

    return build, inline


def _filtered(
    name: str, plan: Sequence[tuple[int, bool, int]], trailing: int, expand1: bool, inlined: bool
) -> tuple[_Builder, _Inline | None]:
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

    def inline(children: list[str], namespace: dict[str, Any]) -> tuple[str, str]:
        items: list[str] = []
        for position, splice, add in plan:
            items += ["None"] * add
            items.append(f"*{children[position]}" if splice else children[position])
        kept = f"[{', '.join(items + ['None'] * trailing)}]"
        return "", kept if inlined else f"Tree({_constant(name, namespace)}, {kept})"

    # With expand1 the shape depends on how many children the inlined lists bring.
    return build, None if expand1 else inline
