// The Chinese edition's search worker: the theme's own worker (named by the page, in the
// "worker" parameter, and in this folder), with lunr's tokenizer replaced by searchZh.index
// (../search-zh-words.js): Latin words as they are, each Chinese character and each pair of
// adjacent ones. Why: ../search-zh.js, which starts this worker.
importScripts(new URL(location.href).searchParams.get("worker"), "../search-zh-words.js");

(function () {
  // tokenizer takes what lunr's does: a field's value (a string, or an array for tags), or
  // nothing.
  function tokenizer(obj, metadata) {
    if (obj === null || obj === undefined) {
      return [];
    }
    var out = [];
    [].concat(obj).forEach(function (value) {
      searchZh.index(lunr.utils.asString(value)).forEach(function (word) {
        out.push(new lunr.Token(word, lunr.utils.clone(metadata)));
      });
    });
    return out;
  }
  // The theme sets the separator on lunr.tokenizer, where lunr's query parser reads it.
  tokenizer.separator = lunr.tokenizer.separator;
  lunr.tokenizer = tokenizer;
})();
