// The Chinese edition's search (loaded by site/overrides/main.html before the theme's bundle).
//
// The theme's search index is lunr's, which splits text at separators (spaces, hyphens) and so
// takes a Chinese sentence, which has neither, as one token. The theme's own Chinese setting
// segments Chinese with a Japanese segmenter and trims every token to \w characters, which
// deletes Chinese outright. So the Chinese book indexes every Chinese character and every pair of
// adjacent ones instead (装载因子 → 装 载 因 子 装载 载因 因子; the worker, workers/search-zh.js,
// does it to the pages), and turns a query into words that are all required: a run of Chinese
// characters into its pairs (+装载 +载因 +因子), a single character into itself (+锁), a Latin
// word into itself (map 扩容 → +map +扩容). A page is listed when it has every one, so every
// page that contains the query is (site/check/search.mjs checks it, and says what "contains"
// means). Latin words are indexed and searched without stemming. The words are cut by
// search-zh-words.js, which the page loads first.
(function () {
  var el = document.getElementById("__config");
  var config = JSON.parse(el.textContent);
  // No trimmer, stemmer or stop words (lang "en" with an empty pipeline). The separator is the
  // one lunr's query parser splits the query below at, and the one the theme highlights words
  // after; the index's words are searchZh.index's.
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
      return searchZh
        .query(query)
        .map(function (word) {
          return "+" + word;
        })
        .join(" ");
    },
  };
})();
