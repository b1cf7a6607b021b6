// The Chinese edition's search worker: the theme's own worker (named by the page, in the
// "worker" parameter, and in this folder), with lunr's tokenizer splitting runs of Chinese
// characters into overlapping pairs. Why: ../search-zh.js, which starts this worker.
importScripts(new URL(location.href).searchParams.get("worker"), "../search-zh-pairs.js");

(function () {
  var base = lunr.tokenizer;

  function tokenizer(obj, metadata) {
    var out = [];
    base(obj, metadata).forEach(function (token) {
      var s = token.toString();
      var last = 0;
      var add = function (str) {
        out.push(new lunr.Token(str, lunr.utils.clone(token.metadata)));
      };
      s.replace(searchZh.han, function (run, at) {
        if (at > last) {
          add(s.slice(last, at));
        }
        searchZh.pairs(run).forEach(add);
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
