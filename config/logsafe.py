"""Log lines that carry no secret: no traceback locals, no exception messages, no seeds, no requests.

An exception's message can hold anything its code had at hand (an engine state, a deck order, a
failing row with a hidden notation), and a seed is a 64-hex string. So every log record, from any
logger, is rewritten once when it is made (the record factory) and again by a filter on every handler:

- a traceback keeps its frames (file, line, function, source line) and its exception types, without
  their messages and without any local value (only Django's DEBUG page and its e-mail report show
  locals: the e-mail handler is not configured, and DEBUG is off unless asked);
- the message is formatted at once with every exception argument reduced to its type, then every
  64-hex string (a seed, or a hash: no loss) is withheld;
- the request object a Django log line carries along (its body, headers, cookies) is dropped.
"""

import logging
import logging.config
import re
import traceback

SEED_LIKE = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])")
WITHHELD = "(64 hex withheld)"
CAUSE = "\nThe above exception was the direct cause of the following exception:\n\n"
CONTEXT = "\nDuring handling of the above exception, another exception occurred:\n\n"


def redact(text: str) -> str:
    return SEED_LIKE.sub(WITHHELD, text)


def traceback_text(exc_info) -> str:
    """A traceback's frames and exception types, chained causes included; no message, no locals."""
    return "".join(_describe(traceback.TracebackException(*exc_info, capture_locals=False))).rstrip("\n")


def _describe(te: traceback.TracebackException) -> list[str]:
    lines = []
    if te.__cause__ is not None:
        lines += _describe(te.__cause__) + [CAUSE]
    elif te.__context__ is not None and not te.__suppress_context__:
        lines += _describe(te.__context__) + [CONTEXT]
    lines.append("Traceback (most recent call last):\n")
    lines.extend(redact(line) for line in te.stack.format())
    kind = te.exc_type
    name = f"{kind.__module__}.{kind.__qualname__}" if kind else "exception"
    lines.append(f"{name}: (message withheld from the log)\n")
    return lines


def _message(record: logging.LogRecord) -> str:
    args = record.args
    if isinstance(args, tuple):
        args = tuple(type(a).__qualname__ if isinstance(a, BaseException) else a for a in args)
    elif isinstance(args, dict):
        args = {k: type(a).__qualname__ if isinstance(a, BaseException) else a for k, a in args.items()}
    msg = type(record.msg).__qualname__ if isinstance(record.msg, BaseException) else str(record.msg)
    try:
        return msg % args if args else msg
    except (TypeError, ValueError, KeyError):
        return f"{msg} (arguments withheld: they did not fit the message)"


def withhold(record: logging.LogRecord) -> logging.LogRecord:
    """Rewrite a record in place (once) so that no handler or formatter can print a secret."""
    if getattr(record, "secrets_withheld", False):
        return record
    record.msg, record.args = redact(_message(record)), ()
    if record.exc_info and record.exc_info[0] is not None:
        record.exc_text = traceback_text(record.exc_info)
    elif record.exc_text:
        record.exc_text = redact(record.exc_text)
    record.exc_info = None
    record.__dict__.pop("request", None)
    record.secrets_withheld = True
    return record


class WithholdSecrets(logging.Filter):
    """On every handler: a record made before the factory was installed, or given extras, is rewritten too."""

    def filter(self, record):
        withhold(record)
        record.__dict__.pop("request", None)  # set from ``extra`` after the record was made
        return True


def _factory_over(previous):
    def make(*args, **kwargs):
        return withhold(previous(*args, **kwargs))

    make.withholds_secrets = True
    return make


def install() -> None:
    """The record factory, and the filter on every handler that exists (Django's defaults included)."""
    factory = logging.getLogRecordFactory()
    if not getattr(factory, "withholds_secrets", False):
        logging.setLogRecordFactory(_factory_over(factory))
    for reference in list(logging._handlerList):  # every handler made so far, attached or not
        handler = reference()
        if handler is not None and not any(isinstance(f, WithholdSecrets) for f in handler.filters):
            handler.filters.insert(0, WithholdSecrets())


def configure(logging_settings: dict) -> None:
    """``LOGGING_CONFIG``: the settings' LOGGING, then the guard over every record and handler."""
    logging.config.dictConfig(logging_settings)
    install()
