"""Click's own messages that the catalog words in Russian ("Usage:", "No such option", ...). Click
looks them up itself, through the standard `gettext` module's domain, which `language.speaking`
makes the tool's catalog; they are listed here so that the extraction (tools/catalogs.py) keeps
them in the template. A message click adds in a new version is added here, then translated."""
from __future__ import annotations

from ..common.i18n import N_

CLICK_MESSAGES = (
    N_('Options'),
    N_('Commands'),
    N_('Usage:'),
    N_('Show this message and exit.'),
    N_("Try '{command} {option}' for help."),
    N_('Invalid value: {message}'),
    N_('Invalid value for {param_hint}: {message}'),
    N_('Missing argument'),
    N_('Missing option'),
    N_('Missing parameter'),
    N_('Missing {param_type}'),
    N_('Missing parameter: {param_name}'),
    N_('No such option {name!r}.'),
    N_('No such command {name!r}.'),
    N_('Missing command.'),
    N_('Aborted!'),
    N_('default: {default}'),
    N_('env var: {var}'),
    N_('Option {name!r} does not take a value.'),
    N_('Could not open file {filename!r}: {message}'),
    N_('{value!r} is not a valid {number_type}.'),
    N_('{value} is not in the range {range}.'),
    N_('file'),
    N_('directory'),
    N_('path'),
    N_('{name} {filename!r} does not exist.'),
    N_('{name} {filename!r} is a file.'),
    N_('{name} {filename!r} is a directory.'),
    N_('{name} {filename!r} is not readable.'),
    N_('{name} {filename!r} is not writable.'),
    N_('Choose from:\n\t{choices}'),
    N_('Got unexpected extra argument ({args})', 'Got unexpected extra arguments ({args})'),
    N_('Did you mean {possibility}?', '(Did you mean one of: {possibilities}?)'),
    N_('Option {name!r} requires an argument.', 'Option {name!r} requires {nargs} arguments.'),
    N_('{value!r} is not {choice}.', '{value!r} is not one of {choices}.'),
)
