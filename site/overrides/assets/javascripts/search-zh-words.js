// How the Chinese edition's search cuts text into words: searchZh.index for the pages (the search
// worker, workers/search-zh.js), searchZh.query for what the reader types (search-zh.js). Loaded
// by the page and by the worker; site/check/search.test.mjs tests it.
//
// A word is a run of letters, digits and underscores, in lower case, and within it a run of
// Chinese characters stands apart from the rest ("map的" is "map" and "的"). A page's run of
// Chinese characters is indexed as each of its characters and each pair of adjacent ones
// (装载因子 → 装 载 因 子 装载 载因 因子); in a query, a run of two or more is its pairs, each
// required (+装载 +载因 +因子), and one character is itself (+锁), so a query finds every page
// that contains it: a pair inside the page's run, a character wherever it stands (加锁。).
// In the index's text a space stands where the page's HTML had a tag (mkdocs strips them so:
// <strong>装载</strong>因子 is "装载 因子"), so whitespace between two Chinese characters of a
// page does not end its run; in a query it does.
var searchZh = (function () {
  var hanClass = "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff";
  var han = new RegExp("^[" + hanClass + "]");
  var other = "(?:(?![" + hanClass + "])[\\p{L}\\p{M}\\p{N}_])+";
  var indexWords = new RegExp("[" + hanClass + "](?:\\s*[" + hanClass + "])*|" + other, "gu");
  var queryWords = new RegExp("[" + hanClass + "]+|" + other, "gu");

  // pairs is the pairs of adjacent characters of a run of Chinese characters.
  function pairs(chars) {
    var out = [];
    for (var i = 0; i + 1 < chars.length; i++) {
      out.push(chars[i] + chars[i + 1]);
    }
    return out;
  }

  // cut returns the words of text as the pattern finds them, a Chinese run (whitespace left out)
  // given as its characters to chinese, which returns its words.
  function cut(text, pattern, chinese) {
    var out = [];
    (String(text).toLowerCase().match(pattern) || []).forEach(function (w) {
      var words = han.test(w) ? chinese(Array.from(w.replace(/\s+/g, ""))) : [w];
      for (var i = 0; i < words.length; i++) {
        out.push(words[i]);
      }
    });
    return out;
  }

  return {
    index: function (text) {
      return cut(text, indexWords, function (chars) {
        return chars.concat(pairs(chars));
      });
    },
    query: function (text) {
      var words = cut(text, queryWords, function (chars) {
        return chars.length < 2 ? chars : pairs(chars);
      });
      return words.filter(function (w, i) {
        return words.indexOf(w) === i;
      });
    },
  };
})();
