"""The games this tool referees, one package each (`tetka`, `terz`); `records` picks one by a record's `game:`."""
