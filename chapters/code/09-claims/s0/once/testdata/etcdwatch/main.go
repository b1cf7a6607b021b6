// Etcdwatch is S0-45's experiment, with the etcd client the post names (clientv3 v3.6.14): a
// watch whose reader does not drain its channel, on a real etcd given as the first argument.
//
// One client opens two watches on the same gRPC stream (the client gives the watches of one
// context one stream): a slow one, not read while puts arrive nor for a pause after, and a fast
// one, read at once. The claim is that the slow reader blocks the
// watcher's send, stalls recvLoop, times out the keepalive, closes the stream and ends the watch
// with context.DeadlineExceeded. The program prints what happened instead: whether the fast
// watch got every event during the pause (the stream kept receiving), then whether the slow
// watch, read after the pause, got every event in order with no error.
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
)

const (
	puts  = 2000
	pause = 10 * time.Second
)

func main() {
	if err := run(os.Args[1]); err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
}

func run(endpoint string) error {
	cli, err := clientv3.New(clientv3.Config{
		Endpoints:   []string{endpoint},
		DialTimeout: 10 * time.Second,
		// Keepalive pings on the stream, so that a stalled receiver would time out.
		DialKeepAliveTime:    2 * time.Second,
		DialKeepAliveTimeout: 2 * time.Second,
	})
	if err != nil {
		return err
	}
	defer cli.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	prefix := fmt.Sprintf("/s0-45/%d/", time.Now().UnixNano())
	slow := cli.Watch(ctx, prefix+"slow/", clientv3.WithPrefix())
	fast := cli.Watch(ctx, prefix+"fast/", clientv3.WithPrefix())

	// The fast reader counts its events as they come.
	fastGot := make(chan int, 1)
	go func() {
		n := 0
		for resp := range fast {
			n += len(resp.Events)
			if n == puts {
				break
			}
		}
		fastGot <- n
	}()

	// While the slow watch is not read, put to both, alternately.
	start := time.Now()
	for i := range puts {
		v := strconv.Itoa(i)
		if _, err := cli.Put(ctx, prefix+"slow/"+fmt.Sprintf("%05d", i), v); err != nil {
			return fmt.Errorf("put %d: %v", i, err)
		}
		if _, err := cli.Put(ctx, prefix+"fast/"+fmt.Sprintf("%05d", i), v); err != nil {
			return fmt.Errorf("put %d: %v", i, err)
		}
	}
	fmt.Printf("%d puts to each watched prefix in %v while the slow watch was not read\n", puts, time.Since(start).Round(time.Second))
	// The slow watch stays unread for the pause after the last put; the fast watch must have all
	// its events before the slow reader starts to read.
	readAt := time.Now().Add(pause)
	// The slow watch is read only after the fast one got every event (or the experiment's
	// deadline passed), and at least pause after the last put.
	select {
	case n := <-fastGot:
		fmt.Printf("fast watch on the same stream: %d of %d events, before the slow reader read anything\n", n, puts)
	case <-ctx.Done():
		fmt.Printf("fast watch on the same stream: not all %d events before the experiment's deadline\n", puts)
		return nil
	}
	time.Sleep(time.Until(readAt))

	// Now read the slow watch.
	got, inOrder := 0, true
	for got < puts {
		select {
		case resp, ok := <-slow:
			if !ok {
				fmt.Printf("slow watch: channel closed after %d events (ctx: %v)\n", got, ctx.Err())
				return nil
			}
			if err := resp.Err(); err != nil {
				fmt.Printf("slow watch: error after %d events: %v\n", got, err)
				return nil
			}
			for _, ev := range resp.Events {
				if string(ev.Kv.Value) != strconv.Itoa(got) {
					inOrder = false
				}
				got++
			}
		case <-time.After(30 * time.Second):
			fmt.Printf("slow watch: nothing for 30s after %d events\n", got)
			return nil
		}
	}
	fmt.Printf("slow watch, read %v or more after the last put: %d of %d events, in order: %v, error: none\n", pause, got, puts, inOrder)
	return nil
}
