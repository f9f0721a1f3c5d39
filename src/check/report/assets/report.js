(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('data').textContent);
  var S = data.s, R = data.r, OUT = data.o, FILES = data.f;
  var FAILING = {};
  data.failing.forEach(function (o) { FAILING[o] = true; });
  var list = document.getElementById('results');
  var shown = document.getElementById('shown');
  var box = document.getElementById('q');
  var lower = [];
  var state = defaults();

  function defaults() {
    return { outcome: 'failing', section: '', group: '', q: '', page: 1, open: -1, opage: 1 };
  }

  // The view the fragment names; null for a fragment that names none (an anchor such as
  // #decision-D1), which keeps the view.
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

  function id(row) { return S[row[3]] + row[4]; }

  function haystack(i) {
    if (lower[i] === undefined) {
      var row = R[i], parts = [id(row)];
      for (var k = 1; k < row[5].length; k += 2) { parts.push(S[row[5][k]]); }
      parts.push(S[row[6]], S[row[7]], S[row[8]]);
      lower[i] = parts.join('\n').toLowerCase();
    }
    return lower[i];
  }

  function wanted(i, q) {
    var row = R[i], outcome = OUT[row[0]];
    if (state.outcome === 'failing') {
      if (!FAILING[outcome]) { return false; }
    } else if (state.outcome !== 'all' && outcome !== state.outcome) {
      return false;
    }
    if (state.section && S[row[1]] !== state.section) { return false; }
    if (state.group && S[row[2]] !== state.group) { return false; }
    return !q || haystack(i).indexOf(q) >= 0;
  }

  // The results shown, as groups of identical results (outcome and detail), the largest first.
  function clusters() {
    var q = state.q.toLowerCase(), byKey = {}, found = [], count = 0;
    for (var i = 0; i < R.length; i++) {
      if (!wanted(i, q)) { continue; }
      count++;
      var key = R[i][0] + ':' + R[i][8];
      var cluster = byKey[key];
      if (!cluster) {
        cluster = byKey[key] = { outcome: R[i][0], detail: R[i][8], rows: [] };
        found.push(cluster);
      }
      cluster.rows.push(i);
    }
    found.sort(function (a, b) {
      return b.rows.length - a.rows.length || a.outcome - b.outcome || a.rows[0] - b.rows[0];
    });
    return { list: found, count: count };
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function link(href, text) {
    var a = el('a', '', text);
    a.setAttribute('href', href);
    return a;
  }

  function badge(outcome) { return el('span', 'outcome ' + outcome, outcome); }

  function field(dl, label, text) {
    dl.appendChild(el('dt', '', label));
    var dd = el('dd');
    dd.appendChild(el('code', '', text));
    dl.appendChild(dd);
  }

  function item(i) {
    var row = R[i], outcome = OUT[row[0]];
    var li = el('li', 'result');
    li.dataset.outcome = outcome;
    li.dataset.section = S[row[1]];
    li.dataset.group = S[row[2]];
    var p = el('p');
    p.appendChild(badge(outcome));
    p.appendChild(document.createTextNode(' '));
    p.appendChild(el('code', 'id', id(row)));
    if (row[10] >= 0 && FILES[row[10]]) {
      var file = FILES[row[10]], where = file[0] + ':' + row[11];
      var place = el('span', 'place');
      place.appendChild(file[1] ? link(file[1] + '#L' + row[11], where) : el('code', '', where));
      p.appendChild(place);
    }
    if (S[row[12]]) {
      var decisions = el('span', 'decisions');
      S[row[12]].split(' ').forEach(function (d) { decisions.appendChild(link('#decision-' + d, d)); });
      p.appendChild(decisions);
    }
    li.appendChild(p);
    var dl = el('dl', 'fields');
    for (var k = 0; k < row[5].length; k += 2) { field(dl, S[row[5][k]], S[row[5][k + 1]]); }
    field(dl, 'expected', S[row[6]]);
    field(dl, 'got', S[row[7]]);
    if (row[9]) { field(dl, 'why', S[row[8]]); }
    li.appendChild(dl);
    return li;
  }

  function pager(page, pages, key) {
    var nav = el('nav', 'pager');
    if (pages <= 1) { return nav; }
    var go = function (label, to) {
      if (to < 1 || to > pages || to === page) {
        nav.appendChild(el('span', 'off', label));
      } else {
        var change = {};
        change[key] = to;
        nav.appendChild(link(linkTo(change), label));
      }
      nav.appendChild(document.createTextNode(' '));
    };
    go('« first', 1);
    go('‹ previous', page - 1);
    nav.appendChild(el('span', 'at', 'page ' + page + ' of ' + pages + ' '));
    go('next ›', page + 1);
    go('last »', pages);
    return nav;
  }

  function cluster(c, number, open) {
    var section = el('section', 'cluster');
    var outcome = OUT[c.outcome];
    section.dataset.outcome = outcome;
    section.dataset.count = c.rows.length;
    var h = el('h3');
    h.appendChild(badge(outcome));
    h.appendChild(el('span', 'count', '×' + c.rows.length));
    h.appendChild(el('span', 'detail', S[c.detail]));
    section.appendChild(h);
    var ol = el('ol', 'results');
    var from = 0, to = Math.min(c.rows.length, data.few), pages = 1, page = 1;
    if (open) {
      pages = Math.max(1, Math.ceil(c.rows.length / data.members));
      page = Math.min(Math.max(1, state.opage), pages);
      from = (page - 1) * data.members;
      to = Math.min(c.rows.length, from + data.members);
    }
    ol.setAttribute('start', from + 1);
    for (var i = from; i < to; i++) { ol.appendChild(item(c.rows[i])); }
    section.appendChild(ol);
    if (open) {
      section.appendChild(pager(page, pages, 'opage'));
      var back = el('p', 'more');
      back.appendChild(link(linkTo({ open: -1, opage: 1 }), 'back to every group'));
      section.appendChild(back);
    } else if (c.rows.length > to) {
      var more = el('p', 'more');
      more.appendChild(document.createTextNode('… and ' + (c.rows.length - to) + ' more: '));
      more.appendChild(link(linkTo({ open: number, opage: 1 }), 'show all ' + c.rows.length));
      section.appendChild(more);
    }
    return section;
  }

  function draw() {
    var found = clusters(), all = found.list;
    while (list.firstChild) { list.removeChild(list.firstChild); }
    var links = document.querySelectorAll('nav.filters a');
    for (var j = 0; j < links.length; j++) {
      var outcome = links[j].getAttribute('data-outcome') ||
        links[j].getAttribute('href').replace(/^#outcome=/, '');
      links[j].setAttribute('data-outcome', outcome);
      links[j].className = outcome === state.outcome ? 'active' : '';
      links[j].setAttribute('href', linkTo({ outcome: outcome, page: 1, open: -1, opage: 1 }));
    }
    var words = found.count + ' result' + (found.count === 1 ? '' : 's') + ' in ' +
      all.length + ' group' + (all.length === 1 ? '' : 's') + ' of identical results';
    if (state.open >= 0 && state.open < all.length) {
      list.appendChild(cluster(all[state.open], state.open, true));
      shown.textContent = words + '; group ' + (state.open + 1) + ' open';
      return;
    }
    var pages = Math.max(1, Math.ceil(all.length / data.clusters));
    var page = Math.min(Math.max(1, state.page), pages);
    var top = pager(page, pages, 'page');
    list.appendChild(top);
    var from = (page - 1) * data.clusters;
    for (var i = from; i < Math.min(all.length, from + data.clusters); i++) {
      list.appendChild(cluster(all[i], i, false));
    }
    if (pages > 1) { list.appendChild(pager(page, pages, 'page')); }
    shown.textContent = words;
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
      state.open = -1;
      state.opage = 1;
      history.replaceState(null, '', fragment(state));
      draw();
    }, 150);
  });
  window.addEventListener('hashchange', apply);
  apply();
})();
