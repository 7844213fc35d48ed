"""docblock: the generated blocks of the documents (scripts/preset-table,
scripts/bench-summary): the text between a BEGIN and an END marker line,
rewritten, or compared with what it should be (--check)."""


class BlockError(Exception):
    pass


def rewrite_block(path, begin, end, body, check, what, target):
    """Put BODY between BEGIN and END in PATH (or, with CHECK, fail if it is
    not already there); WHAT names the block, TARGET the make target that
    rewrites it."""
    text = open(path).read()
    if text.count(begin) != 1 or text.count(end) != 1:
        raise BlockError('%s: needs exactly one %s block (its markers: %s ... %s)'
                         % (path, what, begin, end))
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    new = head + begin + '\n' + body + end + tail
    if check:
        if new != text:
            raise BlockError('%s: the %s is out of date: run "make %s"' % (path, what, target))
        print('%s: %s up to date' % (path, what))
    elif new != text:
        open(path, 'w').write(new)
        print('%s: %s rewritten' % (path, what))
    else:
        print('%s: %s already up to date' % (path, what))
