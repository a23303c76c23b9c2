"""What every command shows, as typed data, the same for every game: a record's score sheet, its
replay, its findings, its money, its graded plays, its rows for a database. Each game builds these
from its own referee's reports (its own numbers and words: marks or points, robbers or games);
`tetka_cli.render` draws them in every format. Nothing here knows which games there are."""
