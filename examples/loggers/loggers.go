package loggers

import (
	"io"

	"github.com/rs/zerolog"
	"github.com/sirupsen/logrus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/explainerr/explainerr/explainerr"
)

// newLogrus returns a logrus logger that writes to out (os.Stderr in an
// app) and to explainerr's log capture.
func newLogrus(out io.Writer) *logrus.Logger {
	logger := logrus.New()
	logger.SetOutput(io.MultiWriter(out, explainerr.LogWriter()))
	return logger
}

// newZap returns a zap logger whose core writes JSON to out (os.Stderr in
// an app), teed with a core that writes each entry as a console line to
// explainerr's log capture.
func newZap(out zapcore.WriteSyncer) *zap.Logger {
	cfg := zap.NewProductionEncoderConfig()
	core := zapcore.NewCore(zapcore.NewJSONEncoder(cfg), out, zapcore.InfoLevel)
	capture := zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), zapcore.AddSync(explainerr.LogWriter()), zapcore.DebugLevel)
	return zap.New(zapcore.NewTee(core, capture))
}

// newZerolog returns a zerolog logger that writes to out (os.Stderr in an
// app) and to explainerr's log capture.
func newZerolog(out io.Writer) zerolog.Logger {
	return zerolog.New(zerolog.MultiLevelWriter(out, explainerr.LogWriter())).With().Timestamp().Logger()
}
