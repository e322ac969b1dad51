// The real net/url for test/implementations/go.test.ts: one JSON line in,
// one out. os.Args[1] is "parse" (a line is a string), "resolve" (a line
// is [base, reference]) or "print" (no input: the ranges of
// strconv.IsPrint, one "start-end" in hex a line).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strconv"
)

type user struct {
	Username    string `json:"username"`
	Password    string `json:"password"`
	PasswordSet bool   `json:"passwordSet"`
}

type native struct {
	Scheme, Opaque                string
	User                          *user
	Host, Path, RawPath           string
	OmitHost, ForceQuery          bool
	RawQuery, Fragment, RawFragment string
	String, Hostname, Port        string
}

func read(s string) interface{} {
	u, err := url.Parse(s)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	n := native{Scheme: u.Scheme, Opaque: u.Opaque, Host: u.Host, Path: u.Path, RawPath: u.RawPath,
		OmitHost: u.OmitHost, ForceQuery: u.ForceQuery, RawQuery: u.RawQuery, Fragment: u.Fragment,
		RawFragment: u.RawFragment, String: u.String(), Hostname: u.Hostname(), Port: u.Port()}
	if u.User != nil {
		p, set := u.User.Password()
		n.User = &user{u.User.Username(), p, set}
	}
	return n
}

func resolve(b, r string) interface{} {
	base, err := url.Parse(b)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	ref, err := url.Parse(r)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	return map[string]string{"resolved": base.ResolveReference(ref).String()}
}

func main() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	if os.Args[1] == "print" {
		start := -1
		for r := 0; r <= 0x110000; r++ {
			p := r < 0x110000 && strconv.IsPrint(rune(r))
			if p && start < 0 {
				start = r
			} else if !p && start >= 0 {
				fmt.Fprintf(out, "%x-%x\n", start, r-1)
				start = -1
			}
		}
		return
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	enc := json.NewEncoder(out)
	for in.Scan() {
		var v interface{}
		if os.Args[1] == "parse" {
			var s string
			json.Unmarshal(in.Bytes(), &s)
			v = read(s)
		} else {
			var p [2]string
			json.Unmarshal(in.Bytes(), &p)
			v = resolve(p[0], p[1])
		}
		if err := enc.Encode(v); err != nil {
			panic(err)
		}
	}
	if err := in.Err(); err != nil {
		panic(err)
	}
}
