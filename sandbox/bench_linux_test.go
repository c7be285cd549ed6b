package sandbox

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"
)

// BenchmarkStartToFirstLine is a sandboxed bot's start: from Start to the
// first line the bot sends on its seat (the sandbox, the relay and the
// bot's own start), then the sandbox killed.
func BenchmarkStartToFirstLine(b *testing.B) {
	sb := requireSandbox(b)
	b.Setenv(botEnv, "echo")
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		conns := make(chan net.Conn, 1)
		p, err := sb.Start(Bot{Argv: []string{os.Args[0], Host, Port}, Dir: dir, Seat: func(nc net.Conn) { conns <- nc }})
		if err != nil {
			b.Fatal(err)
		}
		select {
		case nc := <-conns:
			_ = nc.SetDeadline(time.Now().Add(10 * time.Second))
			if _, err := bufio.NewReader(nc).ReadString('\n'); err != nil {
				b.Fatal(err)
			}
			nc.Close()
		case <-time.After(10 * time.Second):
			b.Fatal("no connection")
		}
		p.Kill()
		_ = p.Wait()
	}
}

// BenchmarkRoundTrip is one line to an echoing bot and back: sandboxed
// (through the relay's way in) and as a plain process on the host's
// loopback.
func BenchmarkRoundTrip(b *testing.B) {
	b.Run("sandboxed", func(b *testing.B) {
		sb := requireSandbox(b)
		_, nc, r := echoSeat(b, sb)
		roundTrips(b, nc, r)
	})
	b.Run("direct", func(b *testing.B) {
		b.Setenv(botEnv, "echo")
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		defer ln.Close()
		host, port, _ := net.SplitHostPort(ln.Addr().String())
		cmd := exec.Command(os.Args[0], host, port)
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		defer func() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}()
		nc, err := ln.Accept()
		if err != nil {
			b.Fatal(err)
		}
		defer nc.Close()
		_ = nc.SetDeadline(time.Now().Add(time.Minute))
		roundTrips(b, nc, bufio.NewReader(nc))
	})
}

func roundTrips(b *testing.B, nc net.Conn, r *bufio.Reader) {
	if _, err := r.ReadString('\n'); err != nil { // hello
		b.Fatal(err)
	}
	line := []byte("East plays 7C\r\n")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := nc.Write(line); err != nil {
			b.Fatal(err)
		}
		if _, err := r.ReadString('\n'); err != nil {
			b.Fatal(err)
		}
	}
}
