# the instructor's guide: what each chapter and lab holds (counted from the files) and the
# estimated minutes the agendas use (a formula, printed above the table; nothing is timed)
go run ./chapters/code/workshop/labsize
