module github.com/bmizerany/pat

go 1.13
