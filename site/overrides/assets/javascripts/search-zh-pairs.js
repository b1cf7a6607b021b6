// How the Chinese edition's search cuts Chinese text into words: every pair of adjacent Chinese
// characters (装载因子 → 装载 载因 因子; a single character stays itself). Loaded by the page, for
// the query (search-zh.js), and by the search worker, for the pages (workers/search-zh.js).
var searchZh = {
  // han matches a run of Chinese characters.
  han: /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g,
  pairs: function (run) {
    if (run.length < 2) {
      return [run];
    }
    var out = [];
    for (var i = 0; i + 1 < run.length; i++) {
      out.push(run.slice(i, i + 2));
    }
    return out;
  },
};
