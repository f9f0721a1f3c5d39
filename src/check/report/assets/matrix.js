(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('data').textContent);
  var S = data.s, R = data.r, OUT = data.o;
  var body = document.getElementById('rows');
  var pagerNav = document.getElementById('pager');
  var shown = document.getElementById('shown');
  var box = document.getElementById('q');
  var lower = [];
  var state = defaults();

  function defaults() { return { rows: 'all', section: '', q: '', page: 1 }; }

  function parse() {
    var hash = location.hash.replace(/^#/, '');
    if (hash !== '' && hash.indexOf('=') < 0) { return null; }
    var found = defaults();
    hash.split('&').forEach(function (part) {
      var at = part.indexOf('=');
      if (at < 0) { return; }
      var key = part.slice(0, at), value;
      try { value = decodeURIComponent(part.slice(at + 1).replace(/\+/g, ' ')); } catch (e) { return; }
      if (!(key in found)) { return; }
      if (typeof found[key] === 'number') {
        var n = parseInt(value, 10);
        if (!isNaN(n)) { found[key] = n; }
      } else {
        found[key] = value;
      }
    });
    // Outcome filters of earlier pages: #outcome=fail keeps the rows some report fails.
    var outcome = /(?:^|&)outcome=([a-z-]+)/.exec(hash);
    if (outcome && outcome[1] !== 'all') { found.rows = outcome[1]; }
    return found;
  }

  function fragment(view) {
    var base = defaults(), parts = [];
    Object.keys(base).forEach(function (key) {
      if (view[key] !== base[key]) { parts.push(key + '=' + encodeURIComponent(view[key])); }
    });
    return '#' + parts.join('&');
  }

  function linkTo(changes) {
    var view = {};
    Object.keys(state).forEach(function (key) { view[key] = state[key]; });
    Object.keys(changes).forEach(function (key) { view[key] = changes[key]; });
    return fragment(view);
  }

  function haystack(i) {
    if (lower[i] === undefined) {
      var row = R[i], parts = [row[0], S[row[3]], S[row[4]]];
      row[7].forEach(function (cell) { if (cell) { parts.push(S[cell[1]], S[cell[3]]); } });
      lower[i] = parts.join('\n').toLowerCase();
    }
    return lower[i];
  }

  function wanted(i, q) {
    var row = R[i];
    if (state.rows === 'differ' && !row[5]) { return false; }
    if (state.rows === 'failing' && !row[6]) { return false; }
    if (state.rows !== 'all' && state.rows !== 'differ' && state.rows !== 'failing') {
      var any = row[7].some(function (cell) { return cell && OUT[cell[0]] === state.rows; });
      if (!any) { return false; }
    }
    if (state.section && S[row[1]] !== state.section) { return false; }
    return !q || haystack(i).indexOf(q) >= 0;
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function codeCell(cls, text) {
    var td = el('td', cls);
    td.appendChild(el('code', '', text));
    td.title = text;
    return td;
  }

  function cell(row, c) {
    if (!c) {
      var absent = el('td', 'cell absent', '—');
      absent.title = 'not in this report';
      return absent;
    }
    var outcome = OUT[c[0]], expected = S[c[2]] || S[row[4]];
    var td = el('td', 'cell');
    td.dataset.outcome = outcome;
    td.appendChild(el('span', 'outcome ' + outcome, outcome));
    if (outcome !== 'pass') {
      if (S[c[2]]) { td.appendChild(el('span', 'exp', ' expected ' + S[c[2]] + ';')); }
      td.appendChild(el('span', 'got', ' got ' + S[c[1]]));
    }
    td.title = 'expected: ' + expected + '\ngot: ' + S[c[1]] + (S[c[3]] ? '\nwhy: ' + S[c[3]] : '');
    return td;
  }

  function pager(page, pages) {
    while (pagerNav.firstChild) { pagerNav.removeChild(pagerNav.firstChild); }
    if (pages <= 1) { return; }
    var go = function (label, to) {
      if (to < 1 || to > pages || to === page) {
        pagerNav.appendChild(el('span', 'off', label));
      } else {
        var a = el('a', '', label);
        a.setAttribute('href', linkTo({ page: to }));
        pagerNav.appendChild(a);
      }
      pagerNav.appendChild(document.createTextNode(' '));
    };
    go('« first', 1);
    go('‹ previous', page - 1);
    pagerNav.appendChild(el('span', 'at', 'page ' + page + ' of ' + pages + ' '));
    go('next ›', page + 1);
    go('last »', pages);
  }

  function draw() {
    var q = state.q.toLowerCase(), matched = [];
    for (var i = 0; i < R.length; i++) { if (wanted(i, q)) { matched.push(i); } }
    var pages = Math.max(1, Math.ceil(matched.length / data.perPage));
    var page = Math.min(Math.max(1, state.page), pages);
    while (body.firstChild) { body.removeChild(body.firstChild); }
    var from = (page - 1) * data.perPage;
    for (var k = from; k < Math.min(matched.length, from + data.perPage); k++) {
      var row = R[matched[k]];
      var tr = el('tr', row[5] ? 'row differ' : 'row');
      tr.dataset.section = S[row[1]];
      tr.dataset.group = S[row[2]];
      tr.appendChild(codeCell('id', row[0]));
      tr.appendChild(codeCell('input', S[row[3]]));
      tr.appendChild(codeCell('expected', S[row[4]]));
      row[7].forEach(function (c) { tr.appendChild(cell(row, c)); });
      body.appendChild(tr);
    }
    pager(page, pages);
    var links = document.querySelectorAll('nav.filters a');
    for (var j = 0; j < links.length; j++) {
      var rows = links[j].getAttribute('data-rows') ||
        links[j].getAttribute('href').replace(/^#rows=/, '');
      links[j].setAttribute('data-rows', rows);
      links[j].className = rows === state.rows ? 'active' : '';
      links[j].setAttribute('href', linkTo({ rows: rows, page: 1 }));
    }
    shown.textContent = matched.length + ' of ' + R.length + ' rows' +
      (pages > 1 ? ', page ' + page + ' of ' + pages : '');
  }

  function apply() {
    var view = parse();
    if (view === null) { return; }
    state = view;
    if (box.value !== state.q) { box.value = state.q; }
    draw();
  }

  var typing = null;
  box.addEventListener('input', function () {
    clearTimeout(typing);
    typing = setTimeout(function () {
      state.q = box.value;
      state.page = 1;
      history.replaceState(null, '', fragment(state));
      draw();
    }, 150);
  });
  window.addEventListener('hashchange', apply);
  apply();
})();
