// The Chinese edition's search worker: the theme's own worker (named by the page, in the
// "worker" parameter, and in this folder), with lunr's tokenizer splitting runs of Chinese
// characters into overlapping pairs. Why: ../search-zh.js, which starts this worker.
importScripts(new URL(location.href).searchParams.get("worker"));

(function () {
  var han = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
  var base = lunr.tokenizer;

  function pairs(run) {
    if (run.length < 2) {
      return [run];
    }
    var out = [];
    for (var i = 0; i + 1 < run.length; i++) {
      out.push(run.slice(i, i + 2));
    }
    return out;
  }

  function tokenizer(obj, metadata) {
    var out = [];
    base(obj, metadata).forEach(function (token) {
      var s = token.toString();
      var last = 0;
      var add = function (str) {
        out.push(new lunr.Token(str, lunr.utils.clone(token.metadata)));
      };
      s.replace(han, function (run, at) {
        if (at > last) {
          add(s.slice(last, at));
        }
        pairs(run).forEach(add);
        last = at + run.length;
        return run;
      });
      if (last === 0) {
        out.push(token);
      } else if (last < s.length) {
        add(s.slice(last));
      }
    });
    return out;
  }
  // The theme sets the separator on lunr.tokenizer, which lunr's own tokenizer reads from there.
  tokenizer.separator = base.separator;
  lunr.tokenizer = tokenizer;
})();
