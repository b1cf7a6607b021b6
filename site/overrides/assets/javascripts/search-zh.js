// The Chinese edition's search (loaded by site/overrides/main.html before the theme's bundle).
//
// The theme's search index is lunr's, which splits text at separators (spaces, hyphens) and so
// takes a Chinese sentence, which has neither, as one token. The theme's own Chinese setting
// segments Chinese with a Japanese segmenter and trims every token to \w characters, which
// deletes Chinese outright. So the Chinese book indexes every pair of adjacent Chinese
// characters instead (装载因子 → 装载 载因 因子; the worker, workers/search-zh.js, does it to the
// pages), and turns a query the same way, each pair required (+装载 +载因 +因子): a page matches
// when it has every pair of the query, which for a term of the glossary is the page that uses it.
// Latin words are indexed and searched as in the English book, without stemming. The pairs are
// cut by search-zh-pairs.js, which the page loads first.
(function () {
  var el = document.getElementById("__config");
  var config = JSON.parse(el.textContent);
  // No trimmer, stemmer or stop words (lang "en" with an empty pipeline), and Chinese
  // punctuation separates words as spaces do.
  config.translations["search.config.lang"] = "en";
  config.translations["search.config.pipeline"] = "";
  config.translations["search.config.separator"] = "[\\s\\-，。、：；！？（）“”《》「」]+";
  el.textContent = JSON.stringify(config);

  var theirs = new URL(config.search, document.baseURI);
  var ours = new URL("workers/search-zh.js", new URL("../", theirs));
  ours.searchParams.set("worker", theirs.pathname.split("/").pop());

  window.__search = {
    worker: ours.href,
    transform: function (query) {
      return query
        .replace(searchZh.han, function (run) {
          var terms = searchZh.pairs(run).map(function (p) {
            return "+" + p + (run.length < 2 ? "*" : "");
          });
          return " " + terms.join(" ") + " ";
        })
        .replace(/\s+/g, " ")
        .trim();
    },
  };
})();
