// The run buttons under a chapter's outputs. Each output block the hook site/hooks/outputs.py
// marked (data-output="NAME") gets a button that asks the book's server to run chapters/out/
// NAME.cmd again, on the lane the reader picks, shows what it prints as it prints it, then the
// verdict: the same as the printed output once what varies is masked, or the lines that differ,
// and why they may.
//
// Only the book served by go run ./tools/course can run anything: its run-config.js sets
// window.courseRun (the outputs it can run, their lanes). The book's own run-config.js sets
// nothing, so a book built by mkdocs build shows no button at all.
(function () {
  "use strict";

  const cfg = window.courseRun;
  if (!cfg || !cfg.outputs || !window.fetch || !window.TextDecoder) {
    return;
  }
  const zh = (document.documentElement.lang || "").toLowerCase().startsWith("zh");

  // duration writes a number of seconds as the page's language does.
  function duration(s) {
    if (s < 10) {
      const t = (Math.round(s * 10) / 10).toFixed(1);
      return zh ? `${t} 秒` : `${t} s`;
    }
    s = Math.round(s);
    const m = Math.floor(s / 60);
    const r = s % 60;
    if (zh) {
      return m > 0 ? `${m} 分${r > 0 ? ` ${r} 秒` : "钟"}` : `${r} 秒`;
    }
    return m > 0 ? `${m} min${r > 0 ? ` ${r} s` : ""}` : `${r} s`;
  }

  function laneText(name) {
    const l = cfg.lanes[name];
    return l ? `${name} (${l.toolchain}${l.experiment ? " " + l.experiment : ""})` : name;
  }

  // The page's words, in its language. Messages from the server are in English; the Chinese
  // edition says those it knows (by their kind) in Chinese.
  const T = zh
    ? {
        run: "在这里运行",
        stop: "停止",
        running: (s) => `运行中… ${s} 秒`,
        printed: "（书中所印）",
        fixed: (lane) => `在 ${laneText(lane)} 上运行，与书中所印相同`,
        asWritten: (env) => `按书中的写法运行（${env}）`,
        confirm: (d, saves) =>
          `这个输出在两核的机器上最多大约要 ${duration(d)}` +
          (saves ? `；它还会写入 ${saves}，后面的输出会读取这个文件` : "") +
          "。要运行吗？",
        yes: "运行",
        no: "取消",
        took: (s, lane) => `用时 ${duration(s)}，${lane ? `在 ${lane} 上` : "按书中的写法"}。`,
        identical: "与书中所印相同，逐行一致。",
        masked: (kinds, n) => `与书中所印相同（屏蔽${kinds.join("、")}之后）：有 ${n} 行只在这些地方不同。`,
        differs: (n) => `屏蔽可变的内容之后，仍与书中所印不同：改动了 ${n} 行（- 书中所印，+ 这次运行）：`,
        exitOnly: "输出相同，但退出状态不同：",
        twin: (twin, lane) => `比较的对象是 ${twin}：书中这条命令在 ${lane} 上的运行结果。`,
        lane: (lane, printed) =>
          `这次在 ${lane} 上运行，而书中印的是 ${printed || "书中写法"} 上的结果：不同的 map 运行时会给出不同的数字、大小和顺序。`,
        exit: (e, w) => `它的退出状态是 ${e}；书中那次运行是 ${w}。`,
        // The .cmd's notes are English comments of the course's files: the Chinese verdict names
        // the file rather than quote them.
        notes: (name) => `关于这个输出的说明，见 chapters/out/${name}.cmd 里的注释（英文）。`,
        why: "在书中所印的 lane 上，屏蔽之后剩下的部分在生成本书的机器上是一致的；这里的差异来自这台机器：你改过的实验、不同的处理器或核数，或者结果取决于时序的程序。",
        more: (n) => `……还有 ${n} 行不同`,
        kinds: {
          vary: ".cmd 中标为可变的值",
          temp: "临时路径",
          hex: "十六进制数（地址、哈希值）",
          goroutine: "goroutine 编号",
          duration: "耗时",
          blanks: "空白",
        },
        stopped: "已停止。",
        lost: "与本书服务器的连接断开了：go run ./tools/course 还在运行吗？",
        errors: {
          toolchain: (e) =>
            `${e.lane ? e.lane + " 的" : ""}工具链 ${e.toolchain} 不在这台机器上：联网时运行一次 ${e.fix} 来获取它（约 70 MB），然后再运行这个输出。`,
          envtest: (e) =>
            `${e.output} 会启动一个真实的 API server，而 envtest 需要的 kube-apiserver 和 etcd 还没有构建：运行一次 go run ./tools/envtest（第一次大约 10 分钟），然后再运行它。`,
          first: (e, name) => `${name} 读取 ${e.file}，这个文件由 ${e.output} 写出，现在还不存在：先运行 ${e.output}（用它的运行按钮，或者 go run ./tools/course outputs -check ${e.output}）。`,
          busy: (e) => `${e.output} 正在运行（来自这个页面或另一个标签页）：等它给出结论之后再运行。`,
          limit: (e, name) =>
            `运行了 ${duration(e.limit)}，达到了从书中运行的时间上限，已停止：在终端里运行 go run ./tools/course outputs -check ${name} 可以等它跑完。`,
        },
        refused: (msg) => `服务器没有运行它：${msg}`,
      }
    : {
        run: "Run it here",
        stop: "Stop",
        running: (s) => `running… ${s} s`,
        printed: " (as printed)",
        fixed: (lane) => `on ${laneText(lane)}, as printed`,
        asWritten: (env) => `as written (${env})`,
        confirm: (d, saves) =>
          `This output takes up to about ${duration(d)} on two cores` +
          (saves ? `; it also writes ${saves}, which later outputs read` : "") +
          ". Run it?",
        yes: "Run",
        no: "Cancel",
        took: (s, lane) => `It took ${duration(s)}, ${lane ? "on " + lane : "as written"}.`,
        identical: "Same as printed, line for line.",
        masked: (kinds, n) =>
          `Same as printed, after masking ${list(kinds)}: ${n} line${n === 1 ? "" : "s"} differ${n === 1 ? "s" : ""} only there.`,
        differs: (n) =>
          `Differs from the printed output after masking what varies: ${n} changed line${n === 1 ? "" : "s"} (- printed, + this run):`,
        exitOnly: "The same output, but another exit status:",
        twin: (twin, lane) => `Compared with ${twin}, the book's run of this command on ${lane}.`,
        lane: (lane, printed) =>
          `This run was on ${lane}; the book printed the run ${printed ? "on " + printed : "as written"}: another map runtime prints other figures, sizes and orders.`,
        exit: (e, w) => `It exited with status ${e}; the book's run exited with ${w}.`,
        notes: (name, notes) => `What chapters/out/${name}.cmd says of this output: ${notes}`,
        why: "On the lane the book printed, what is left after masking matched on the machine that made the book; a difference here comes from this machine: a lab you changed, another processor or number of cores, or a program whose result depends on timing.",
        more: (n) => `... and ${n} more changed lines`,
        kinds: {
          vary: "the values its .cmd marks as varying",
          temp: "temporary paths",
          hex: "hex numbers (addresses, hashes)",
          goroutine: "goroutine numbers",
          duration: "durations",
          blanks: "blanks",
        },
        stopped: "Stopped.",
        lost: "The connection to the book's server was lost: is go run ./tools/course still running?",
        errors: {},
        refused: (msg) => msg,
      };

  function list(items) {
    if (items.length <= 1) {
      return items.join("");
    }
    return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) {
      e.className = cls;
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  function para(parent, text) {
    parent.appendChild(el("p", "", text));
  }

  // errorText is the sentence that says why a run did not happen, or stopped.
  function errorText(e, name) {
    const f = T.errors[e.kind];
    return f ? f(e, name) : T.refused(e.error || String(e));
  }

  // The controls of one output.
  function controls(block, name, oc) {
    const box = el("div", "course-run");
    box.dataset.run = name;
    const bar = el("div", "course-run__bar");
    const go = el("button", "md-button course-run__go", T.run);
    go.type = "button";
    bar.appendChild(go);
    let lane = null;
    if (oc.lanes.length > 1) {
      lane = el("select", "course-run__lane");
      lane.setAttribute("aria-label", "lane");
      oc.lanes.forEach(function (l, i) {
        const o = el("option", "", laneText(l) + (i === 0 ? T.printed : ""));
        o.value = l;
        lane.appendChild(o);
      });
      bar.appendChild(lane);
    } else {
      bar.appendChild(el("span", "course-run__lane-fixed", oc.lanes.length === 1 ? T.fixed(oc.lanes[0]) : T.asWritten(oc.env)));
    }
    const stop = el("button", "md-button course-run__stop", T.stop);
    stop.type = "button";
    stop.hidden = true;
    bar.appendChild(stop);
    const status = el("span", "course-run__status");
    bar.appendChild(status);
    box.appendChild(bar);
    const confirm = el("div", "course-run__confirm");
    confirm.hidden = true;
    box.appendChild(confirm);
    const out = el("pre", "course-run__out");
    const code = el("code");
    out.appendChild(code);
    out.hidden = true;
    box.appendChild(out);
    const verdict = el("div", "course-run__verdict");
    verdict.hidden = true;
    verdict.setAttribute("role", "status");
    box.appendChild(verdict);
    block.insertAdjacentElement("afterend", box);
    return { box, go, lane, stop, status, confirm, out, code, verdict };
  }

  function setup(block) {
    const name = block.dataset.output;
    const oc = cfg.outputs[name];
    if (!oc) {
      return;
    }
    const host = block.classList.contains("highlight") ? block : block.closest(".highlight") || block;
    const ui = controls(host, name, oc);
    ui.go.addEventListener("click", function () {
      const lane = ui.lane ? ui.lane.value : oc.lanes[0] || "";
      if (!oc.takes) {
        run(ui, name, lane);
        return;
      }
      ui.confirm.textContent = "";
      ui.confirm.appendChild(el("span", "course-run__question", T.confirm(oc.takes, oc.saves)));
      const yes = el("button", "md-button md-button--primary course-run__yes", T.yes);
      const no = el("button", "md-button course-run__no", T.no);
      yes.type = no.type = "button";
      yes.addEventListener("click", function () {
        ui.confirm.hidden = true;
        run(ui, name, lane);
      });
      no.addEventListener("click", function () {
        ui.confirm.hidden = true;
      });
      ui.confirm.append(yes, no);
      ui.confirm.hidden = false;
    });
  }

  // run asks the server to run the output, streams what it prints into the page, and shows the
  // verdict, or why it did not run.
  async function run(ui, name, lane) {
    ui.go.disabled = true;
    if (ui.lane) {
      ui.lane.disabled = true;
    }
    ui.code.textContent = "";
    ui.out.hidden = true;
    ui.verdict.hidden = true;
    ui.verdict.textContent = "";
    delete ui.verdict.dataset.state;
    const started = Date.now();
    ui.status.textContent = T.running(0);
    const tick = setInterval(function () {
      ui.status.textContent = T.running(Math.round((Date.now() - started) / 1000));
    }, 1000);
    const abort = new AbortController();
    let stopped = false;
    ui.stop.hidden = false;
    ui.stop.onclick = function () {
      stopped = true;
      abort.abort();
    };
    let end = null;
    try {
      end = await request(ui, name, lane, abort.signal);
    } catch (err) {
      end = { error: { kind: "lost", error: stopped ? T.stopped : T.lost } };
      if (stopped) {
        end.stopped = true;
      }
    }
    clearInterval(tick);
    ui.status.textContent = "";
    ui.stop.hidden = true;
    ui.go.disabled = false;
    if (ui.lane) {
      ui.lane.disabled = false;
    }
    show(ui, name, end);
  }

  // request sends the run request and reads its events; it returns the end event, or a
  // refusal as one.
  async function request(ui, name, lane, signal) {
    const resp = await fetch(cfg.api, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ output: name, lane: lane }),
      signal: signal,
    });
    if (!resp.ok) {
      let e;
      try {
        e = await resp.json();
      } catch {
        e = { kind: "refused", error: `HTTP ${resp.status}` };
      }
      return { error: e };
    }
    const reader = resp.body.getReader();
    const decoder = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        break;
      }
      buf += decoder.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (line.trim() === "") {
          continue;
        }
        const ev = JSON.parse(line);
        if (ev.t === "start") {
          ui.out.hidden = false;
          ui.code.textContent = ev.line + "\n";
        } else if (ev.t === "out") {
          const follow = ui.out.scrollTop + ui.out.clientHeight >= ui.out.scrollHeight - 4;
          ui.code.appendChild(document.createTextNode(ev.text));
          if (follow) {
            ui.out.scrollTop = ui.out.scrollHeight;
          }
        } else if (ev.t === "end") {
          return ev;
        }
      }
    }
    return { error: { kind: "lost", error: T.lost } };
  }

  // show writes the verdict, or the error, under the output.
  function show(ui, name, end) {
    const v = ui.verdict;
    v.textContent = "";
    if (end.error) {
      para(v, end.error.kind === "lost" ? end.error.error : errorText(end.error, name));
      v.hidden = false;
      v.dataset.state = end.stopped ? "stopped" : "error";
      return;
    }
    const r = end.verdict;
    if (r.same) {
      para(v, r.identical ? T.identical : T.masked(r.masked.map((k) => T.kinds[k] || k), r.maskedLines));
    } else if (r.diff && r.diff.length > 0) {
      para(v, T.differs(r.changed));
      const pre = el("pre", "course-run__diff");
      const code = el("code", "", r.diff.map((d) => `${d.op} ${d.n}: ${d.text}`).join("\n") + (r.more ? "\n" + T.more(r.more) : ""));
      pre.appendChild(code);
      v.appendChild(pre);
    } else {
      para(v, T.exitOnly);
    }
    if (r.compared !== name) {
      para(v, T.twin(r.compared, r.lane));
    }
    if (!r.same) {
      if (r.lane !== r.printed) {
        para(v, T.lane(r.lane, r.printed));
      }
      if (r.exit !== r.wantExit) {
        para(v, T.exit(r.exit, r.wantExit));
      }
      if (r.notes && r.notes.length > 0) {
        para(v, T.notes(r.compared, r.notes.join(" ")));
      }
      if (r.lane === r.printed) {
        para(v, T.why);
      }
    }
    para(v, T.took(r.seconds, r.lane));
    v.hidden = false;
    // Last: the browser check waits for the state, then reads the verdict.
    v.dataset.state = r.same ? "same" : "differs";
  }

  document.querySelectorAll("[data-output]").forEach(setup);
})();
