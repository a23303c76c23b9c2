"""`replay --format html`: one self-contained page to watch hands card by card, for every game.

The page is drawn from the plain data a game gives (`Game.replay_page`: seats, deal, plays, what
changes after each card, findings, the end), already worded in the page's language; this module
knows no game. The data is embedded as JSON in a `<script type="application/json">` (every `<`,
`>` and `&` as a `\\u` escape, so no text of a record can close it), and the page's own script
builds the table of the chosen hand only, with `textContent`: nothing from a record is ever
parsed as markup. A Content-Security-Policy allows only the page's inline style and script: no
network, no other file. Readable on a phone, printable (the tricks of the hand as a table).
"""
from __future__ import annotations

import json
from html import escape
from typing import Mapping, Sequence

from .. import __version__
from .i18n import gettext
from .json_types import Json

CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"


def _labels(lang: str) -> dict[str, str]:
    """The page's own words, the same for every game."""
    def _(text: str) -> str:
        return gettext(lang, text)

    return {
        "hand": _("Hand"), "first": _("First card"), "prev_trick": _("Previous trick"),
        "prev": _("Previous card"), "next": _("Next card"), "next_trick": _("Next trick"), "last": _("Last card"),
        "slider": _("Card in the hand"), "goto": _("Go to trick"), "go": _("Go"),
        "step": _("Card {k} of {n}"), "to_play": _("Trick {trick}, {player} to play."),
        "plays": _("{player} plays {card}."), "takes": _("Trick {trick} to {player}."),
        "over": _("All cards are played."), "findings": _("Findings"), "no_findings": _("No findings in this hand."),
        "happened": _("What happened"), "costly": _("Costly plays"), "leads": _("leads"),
        "keys": _("Keys: ← → a card, PgUp PgDn a trick, Home End the start and the end."),
        "line": _("line {line}"), "trick": _("Trick"), "player": _("Player"), "winner": _("Winner"),
        "held": _("cards held"), "played": _("cards played so far"), "not_replayed": _("No cards to replay."),
        "here": _("At this card"), "score": _("Score"),
        "made": _("Made by tetka {version}.").format(version=__version__),
        "noscript": _("This page needs JavaScript to show the hands."),
    }


def embed_json(data: Json) -> str:
    """JSON to sit inside `<script type="application/json">`: nothing in it can end the element
    or start markup."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def compact(hand: Mapping[str, Json]) -> dict[str, Json]:
    """A hand as the page embeds it, the same data in fewer bytes: the plays as one text, a trick
    after another (`|`), each card after its seat's number; a deal that is just the cards each
    seat plays as 1 (the page gathers them); no empty lists of notes."""
    out = {k: v for k, v in hand.items() if k != "key"}
    plays = hand.get("plays") or []
    if plays and _seats_one_digit(plays) and _tricks_in_order(plays) and _cards_unbroken(plays):
        out["plays"] = _plays_text(plays)
        deal = hand.get("deal")
        if deal and _deal_is_plays(deal, plays):
            out["deal"] = 1
    out["events"] = {k: {n: v for n, v in e.items() if not (n == "notes" and not v)}
                     for k, e in (hand.get("events") or {}).items()}
    return out


def _seats_one_digit(plays: Sequence[Json]) -> bool:
    """Every play is (seat, card, trick) with a seat the page can read from one digit."""
    return all(len(p) == 3 and isinstance(p[0], int) and 0 <= p[0] < 10 for p in plays)


def _tricks_in_order(plays: Sequence[Json]) -> bool:
    """The plays' tricks start at 1 and go up one at a time."""
    return ([p[2] for p in plays] == sorted(p[2] for p in plays) and plays[0][2] == 1
            and all(b[2] - a[2] in (0, 1) for a, b in zip(plays, plays[1:])))


def _cards_unbroken(plays: Sequence[Json]) -> bool:
    """No card's text holds a separator of the plays' text (a space, `|`)."""
    return not any(" " in p[1] or "|" in p[1] for p in plays)


def _plays_text(plays: Sequence[Json]) -> str:
    """The plays as one text: a trick after another (`|`), each card after its seat's number."""
    tricks: list[list[str]] = []
    for seat, card, trick in plays:
        if trick > len(tricks):
            tricks.append([])
        tricks[-1].append(f"{seat}{card}")
    return "|".join(" ".join(t) for t in tricks)


def _deal_is_plays(deal: Sequence[Json], plays: Sequence[Json]) -> bool:
    """The deal is just the cards each seat plays (the page can gather it from the plays)."""
    return all(sorted(cards) == sorted(p[1] for p in plays if p[0] == s) for s, cards in enumerate(deal))


def page(records: Sequence[Mapping[str, Json]], lang: str) -> str:
    """The page of the chosen hands of `records` (each a game's `replay_page` data).

    Two JSON elements: the page's words and the list of hands to pick from, and the hands
    themselves as one JSON array with a hand on each line, so that the page parses only the hand
    chosen (a record of 10,000 hands opens as fast as one of ten)."""
    games: list[str] = []
    paths: list[str] = []
    orders: list[Json] = []  # each record's cards in the order a hand is held, for the cards drawn into it
    legends: list[Json] = []  # each record's legend of the signs on costly plays (with --analyse), or None
    index: list[list[Json]] = []  # each hand: its heading and its record
    lines: list[str] = []
    for i, rec in enumerate(records):
        if rec.get("game") and rec["game"] not in games:
            games.append(rec["game"])
        paths.append(rec["path"])
        orders.append(rec.get("card_order"))
        legends.append(rec.get("signs_legend"))
        for h in rec["hands"]:
            index.append([h["heading"], i])
            lines.append(embed_json(compact(h)))
    labels = _labels(lang)
    title = gettext(lang, "{game}: replay").format(game=", ".join(games)) if games else gettext(lang, "Replay")
    head = {"labels": labels, "title": title, "paths": paths, "orders": orders, "index": index, "legends": legends}
    hands = "[\n" + ",\n".join(lines) + "\n]"
    return (f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f'<script type="application/json" id="replay-data">{embed_json(head)}</script>'
            f'<script type="application/json" id="replay-hands">{hands}</script>'
            f'<noscript><p>{escape(labels["noscript"])}</p></noscript>'
            f"{BODY}<script>{SCRIPT}</script></body></html>")


BODY = """<main id="app" hidden>
<header><h1 id="title"></h1><p id="where" class="where"></p>
<label id="pick-box" class="pick"><span id="pick-label"></span> <select id="pick"></select></label>
<dl id="facts" class="facts"></dl></header>
<div class="layout">
<section class="play">
<div id="felt" class="felt"><div id="seats" class="seats"></div></div>
<p id="say" class="say" aria-live="polite" role="status"></p>
<nav class="controls" id="controls">
<button id="b-first" type="button">|‹</button><button id="b-prev-trick" type="button">«</button>
<button id="b-prev" type="button">‹</button><button id="b-next" type="button">›</button>
<button id="b-next-trick" type="button">»</button><button id="b-last" type="button">›|</button>
<span id="count" class="count"></span>
<input id="slider" type="range" min="0" value="0">
<label class="goto"><span id="goto-label"></span> <input id="goto" type="number" min="1" inputmode="numeric">
<button id="b-goto" type="button"></button></label>
</nav><p id="keys" class="keys"></p>
</section>
<aside class="side">
<section><h2 id="score-h"></h2><table id="score" class="score"></table></section>
<section id="here-box" class="here"><h2 id="here-h"></h2><ul id="here"></ul></section>
<section id="end" class="end" hidden><h2 id="end-h"></h2><p id="end-result"></p><ul id="end-lines"></ul></section>
<section><h2 id="findings-h"></h2><ol id="findings" class="findings"></ol></section>
<section id="costly-box" hidden><h2 id="costly-h"></h2><ol id="costly" class="costly"></ol>
<p id="signs-legend" class="legend" hidden></p></section>
<section><h2 id="log-h"></h2><ul id="log" class="log"></ul></section>
</aside></div>
<section class="print-only"><table id="print" class="print"></table></section>
<footer id="made"></footer></main>"""


SCRIPT = r"""
(function(){
"use strict";
var D=JSON.parse(document.getElementById("replay-data").textContent);
/* The hands: a JSON array, one hand a line; only the chosen one is parsed. */
var HT=document.getElementById("replay-hands").textContent,starts=[];
(function(){var pos=HT.indexOf("\n")+1;for(var i=0;i<D.index.length;i++){starts.push(pos);pos=HT.indexOf("\n",pos)+1;}})();
function handAt(i){var s=starts[i],e=HT.indexOf("\n",s),line=HT.slice(s,e);if(line.charAt(line.length-1)===",")line=line.slice(0,-1);return JSON.parse(line);}
var L=D.labels,H=null,step=0,N=0;
function $(id){return document.getElementById(id);}
function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=String(text);return e;}
function fmt(t,a){return t.replace(/\{(\w+)\}/g,function(m,k){return k in a?String(a[k]):m;});}
function clear(e){while(e.firstChild)e.removeChild(e.firstChild);}
function suitClass(c){var s=c.slice(-1);return s==="\u2665"||s==="\u2666"?"red":"black";}
function card(c,cls){var e=el("span","card "+suitClass(c)+(cls?" "+cls:""));e.appendChild(el("span","rank",c.slice(0,-1)));e.appendChild(el("span","suit",c.slice(-1)));e.setAttribute("aria-label",c);e.title=c;return e;}
function ev(k){return H.events[String(k)]||{};}
function tricks(){return H.wins.length;}
function trickEnd(n){var last=0;for(var i=0;i<N;i++)if(H.plays[i][2]===n)last=i+1;return last;}
function trickStart(n){for(var i=0;i<N;i++)if(H.plays[i][2]===n)return i;return 0;}
function complete(k){/* the k-th card ends its trick */ if(k<1)return false;var t=H.plays[k-1][2];return (k===N||H.plays[k][2]!==t)&&H.wins[t-1]!=null;}
function sortCards(cs){var order=D.orders[H.o];if(!order)return cs;var o={};order.forEach(function(c,i){o[c]=i;});return cs.slice().sort(function(a,b){return (o[a]==null?999:o[a])-(o[b]==null?999:o[b]);});}
function state(k){
  var s={score:H.score0.map(function(r){return r.slice();}),up:H.up?H.up.card:null,stock:H.stock?H.stock.count:null,held:null,played:H.seats.map(function(){return [];}),notes:[]};
  if(H.deal)s.held=H.deal.map(function(c){return c.slice();});
  for(var i=1;i<=k;i++){
    var e=ev(i),p=H.plays[i-1];
    if(s.held){(e.add||[]).forEach(function(a){s.held[a[0]].push(a[1]);});
      (e.rm||[]).forEach(function(a){var j=s.held[a[0]].indexOf(a[1]);if(j>=0)s.held[a[0]].splice(j,1);});
      var j=s.held[p[0]].indexOf(p[1]);if(j>=0)s.held[p[0]].splice(j,1);}
    s.played[p[0]].push(p[1]);
    if(e.score)s.score=e.score;
    if("up" in e)s.up=e.up;
    if("stock" in e)s.stock=e.stock;
    (e.notes||[]).forEach(function(n){s.notes.push([p[2],n]);});
  }
  return s;
}
/* A costly play's sign (?!, ?, ??): its name and the thresholds as its tooltip and for screen readers. */
var SIGNS={"?!":"inaccuracy","?":"mistake","??":"blunder"};
function signMark(lo){var m=el("span","sign "+(SIGNS[lo.sign]||""),lo.sign);var legend=D.legends[H.o];
  m.title=lo.sign_name+": "+lo.text+(legend?" \u2014 "+legend:"");m.setAttribute("aria-label",lo.sign+" "+lo.sign_name);return m;}
function findingsAt(k){return H.findings.filter(function(f){return f.at===k;});}
function go(k){step=Math.max(0,Math.min(N,k|0));draw();}
function shownTrick(){ if(step===0)return 0; return H.plays[step-1][2]; }
function nextTrick(){var t=shownTrick();if(step===0)return go(N?trickEnd(1):0);if(!complete(step))return go(trickEnd(t));if(t<tricks())go(trickEnd(t+1));}
function prevTrick(){var t=shownTrick();if(t<=1)return go(0);if(!complete(step))return go(trickEnd(t-1));go(trickEnd(t-1));}
function say(){
  var parts=[];
  if(step>0){var p=H.plays[step-1];parts.push(fmt(L.plays,{player:H.seats[p[0]],card:p[1]}));
    if(complete(step)){var t=p[2];parts.push(fmt(L.takes,{trick:t,player:H.seats[H.wins[t-1]]}));}}
  if(step<N){var q=H.plays[step];parts.push(fmt(L.to_play,{trick:q[2],player:H.seats[q[0]]}));}
  else if(N)parts.push(L.over);else parts.push(L.not_replayed);
  findingsAt(step).forEach(function(f){parts.push(f.text);});
  return parts.join(" ");
}
function drawSeats(s){
  var box=$("seats");clear(box);
  box.className="seats n"+H.seats.length;
  var t=shownTrick(),start=t?trickStart(t):0,leader=N?(t?H.plays[start][0]:H.plays[0][0]):null;
  var toPlay=step<N?H.plays[step][0]:null;
  H.seats.forEach(function(name,i){
    var seat=el("div","seat pos-"+H.pos[i]+(i===toPlay?" to-play":""));seat.setAttribute("data-seat",i);
    var plate=el("div","plate");plate.appendChild(el("span","compass",H.pos[i]));plate.appendChild(el("span","name",name));
    if(i===leader&&N)plate.appendChild(el("span","badge lead",L.leads));
    seat.appendChild(plate);
    var hand=el("div","hand");var cs=s.held?sortCards(s.held[i]):s.played[i];
    hand.setAttribute("aria-label",name+": "+(s.held?L.held:L.played));
    cs.forEach(function(c){hand.appendChild(card(c,s.held?"":"gone"));});
    seat.appendChild(hand);box.appendChild(seat);
  });
  var mid=el("div","middle");
  var trick=el("div","trick n"+H.seats.length);trick.id="trick";
  if(t){for(var i=start;i<step&&H.plays[i][2]===t;i++){
    var p=H.plays[i],slot=el("div","slot pos-"+H.pos[p[0]]);slot.setAttribute("data-seat",p[0]);
    var won=complete(step)&&H.wins[t-1]===p[0];
    var flags=H.findings.filter(function(f){return f.at===i+1&&f.card;});
    var loss=H.losses[String(i+1)];
    var c=card(p[1],(won?"won":"")+(flags.length?" fault":"")+(i===step-1?" last":""));slot.appendChild(c);
    if(loss){var lb=el("span","loss","\u2212"+loss.loss);lb.title=loss.text;slot.appendChild(lb);
      if(loss.sign)slot.appendChild(signMark(loss));}
    flags.forEach(function(f){var m=el("p","flag "+f.severity,f.text);m.setAttribute("data-code",f.code);slot.appendChild(m);});
    trick.appendChild(slot);}}
  mid.appendChild(trick);
  var side=el("div","table-side");
  if(s.up){var up=el("div","up");up.appendChild(el("span","label",H.up.label));up.appendChild(card(s.up,"face-up"));side.appendChild(up);}
  if(s.stock!=null&&H.stock){var st=el("div","stock");st.appendChild(el("span","label",H.stock.label));var b=el("span","back",String(s.stock));st.appendChild(b);side.appendChild(st);}
  if(t){side.appendChild(el("div","trick-no",L.trick+" "+t));}
  mid.appendChild(side);
  box.appendChild(mid);
}
function drawScore(s){
  var tb=$("score");clear(tb);var hr=el("tr");hr.appendChild(el("th",null,L.player));
  H.score_labels.forEach(function(l){hr.appendChild(el("th",null,l));});tb.appendChild(hr);
  H.seats.forEach(function(name,i){var r=el("tr");r.setAttribute("data-seat",i);var th=el("th",null,name);th.scope="row";r.appendChild(th);
    s.score.forEach(function(col){r.appendChild(el("td",null,col[i]));});tb.appendChild(r);});
}
function draw(){
  var s=state(step);
  drawSeats(s);drawScore(s);
  $("say").textContent=say();
  $("count").textContent=fmt(L.step,{k:step,n:N});
  $("slider").value=String(step);
  var here=$("here");clear(here);
  findingsAt(step).forEach(function(f){var li=el("li","finding "+f.severity,f.text);li.setAttribute("data-code",f.code);here.appendChild(li);});
  var lo=H.losses[String(step)];if(lo){var li=el("li","loss-note");if(lo.sign){li.appendChild(signMark(lo));li.appendChild(document.createTextNode(" "));}
    li.appendChild(document.createTextNode(lo.text));here.appendChild(li);}
  (ev(step).notes||[]).forEach(function(n){here.appendChild(el("li",null,n));});
  $("here-box").hidden=!here.firstChild;
  var log=$("log");clear(log);
  s.notes.slice().reverse().forEach(function(n){log.appendChild(el("li",null,L.trick+" "+n[0]+": "+n[1]));});
  var end=$("end");end.hidden=!(step===N&&H.end);
  Array.prototype.forEach.call(document.querySelectorAll("#findings a, #costly a"),function(a){a.classList.toggle("current",+a.getAttribute("data-step")===step);});
  ["b-first","b-prev","b-prev-trick"].forEach(function(b){$(b).disabled=step===0;});
  ["b-last","b-next","b-next-trick"].forEach(function(b){$(b).disabled=step===N;});
}
function link(f,text,k){var li=el("li",f?f.severity:null);var a=el("a",null,text);a.href="#step-"+k;a.setAttribute("data-step",k);
  a.addEventListener("click",function(e){e.preventDefault();go(k);});li.appendChild(a);return li;}
function where(k){if(k<1)return "";var p=H.plays[k-1];return L.trick+" "+p[2]+", "+H.seats[p[0]]+" "+p[1]+": ";}
function choose(i){
  H=handAt(i);H.o=D.index[i][1];
  if(typeof H.plays==="string"){var ps=[];H.plays.split("|").forEach(function(g,t){g.split(" ").forEach(function(x){ps.push([+x.charAt(0),x.slice(1),t+1]);});});H.plays=ps;}
  if(H.deal===1){var d=H.seats.map(function(){return [];});H.plays.forEach(function(p){d[p[0]].push(p[1]);});H.deal=d.map(sortCards);}
  N=H.plays.length;
  $("where").textContent=D.paths[H.o]+" \u2014 "+H.heading;
  var facts=$("facts");clear(facts);
  H.facts.forEach(function(f){var d=el("div");d.appendChild(el("dt",null,f[0]));var dd=el("dd",null,f[1]);d.appendChild(dd);facts.appendChild(d);});
  $("slider").max=String(N);$("goto").max=String(Math.max(1,tricks()));
  $("controls").hidden=!N;
  var fl=$("findings");clear(fl);
  H.findings.forEach(function(f){fl.appendChild(link(f,where(f.at)+f.text+(f.line?" ("+fmt(L.line,{line:f.line})+")":""),f.at));});
  if(!H.findings.length)fl.appendChild(el("li","none",L.no_findings));
  var cl=$("costly");clear(cl);var ks=Object.keys(H.losses).map(Number).sort(function(a,b){return a-b;});
  ks.forEach(function(k){cl.appendChild(link(null,L.trick+" "+H.plays[k-1][2]+": "+H.losses[String(k)].text,k));});
  $("costly-box").hidden=!ks.length;
  var legend=D.legends[H.o],sl=$("signs-legend");sl.textContent=legend||"";sl.hidden=!legend||!ks.some(function(k){return H.losses[String(k)].sign;});
  if(H.end){$("end-h").textContent=H.end.title;$("end-result").textContent=H.end.result;var ul=$("end-lines");clear(ul);
    H.end.lines.forEach(function(l){ul.appendChild(el("li",l[0]==null?null:"seat-"+l[0],l[1]));});}
  printView();
  go(0);
}
function printView(){
  var tb=$("print");clear(tb);var hr=el("tr");hr.appendChild(el("th",null,L.trick));
  H.seats.forEach(function(n){hr.appendChild(el("th",null,n));});hr.appendChild(el("th",null,L.winner));tb.appendChild(hr);
  for(var t=1;t<=tricks();t++){var r=el("tr");r.appendChild(el("td",null,t));
    H.seats.forEach(function(n,i){var c="";for(var k=0;k<N;k++)if(H.plays[k][2]===t&&H.plays[k][0]===i){var lk=H.losses[String(k+1)];c=H.plays[k][1]+(lk&&lk.sign?lk.sign:"")+(H.findings.some(function(f){return f.at===k+1&&f.card;})?" !":"");}r.appendChild(el("td",c?suitClass(c):null,c));});
    r.appendChild(el("td",null,H.wins[t-1]==null?"":H.seats[H.wins[t-1]]));tb.appendChild(r);}
}
function init(){
  document.title=D.title;$("title").textContent=D.title;$("made").textContent=L.made;
  $("pick-label").textContent=L.hand;
  var pick=$("pick");
  var frag=document.createDocumentFragment();
  var several=D.paths.length>1;
  D.index.forEach(function(h,i){var o=document.createElement("option");o.value=String(i);o.textContent=(several?D.paths[h[1]]+": ":"")+h[0];frag.appendChild(o);});
  pick.appendChild(frag);
  $("pick-box").hidden=D.index.length<2;
  pick.addEventListener("change",function(){choose(+pick.value);});
  [["b-first",L.first,function(){go(0);}],["b-prev-trick",L.prev_trick,prevTrick],["b-prev",L.prev,function(){go(step-1);}],
   ["b-next",L.next,function(){go(step+1);}],["b-next-trick",L.next_trick,nextTrick],["b-last",L.last,function(){go(N);}]].forEach(function(b){
    var e=$(b[0]);e.title=b[1];e.setAttribute("aria-label",b[1]);e.addEventListener("click",b[2]);});
  $("slider").setAttribute("aria-label",L.slider);
  $("slider").addEventListener("input",function(){go(+$("slider").value);});
  $("goto-label").textContent=L.goto;$("b-goto").textContent=L.go;
  function gotoTrick(){var n=+$("goto").value;if(n>=1&&n<=tricks())go(trickEnd(n));}
  $("b-goto").addEventListener("click",gotoTrick);
  $("goto").addEventListener("keydown",function(e){if(e.key==="Enter"){e.preventDefault();gotoTrick();}});
  $("keys").textContent=L.keys;
  $("score-h").textContent=L.score;$("here-h").textContent=L.here;$("findings-h").textContent=L.findings;
  $("costly-h").textContent=L.costly;$("log-h").textContent=L.happened;
  document.addEventListener("keydown",function(e){
    var t=e.target&&e.target.tagName;if(t==="INPUT"||t==="SELECT"||t==="TEXTAREA"||e.altKey||e.ctrlKey||e.metaKey)return;
    var k=e.key;
    if(k==="ArrowRight"&&!e.shiftKey)go(step+1);else if(k==="ArrowLeft"&&!e.shiftKey)go(step-1);
    else if(k==="PageDown"||(k==="ArrowRight"&&e.shiftKey)||k==="ArrowDown")nextTrick();
    else if(k==="PageUp"||(k==="ArrowLeft"&&e.shiftKey)||k==="ArrowUp")prevTrick();
    else if(k==="Home")go(0);else if(k==="End")go(N);else return;
    e.preventDefault();
  });
  $("app").hidden=false;
  if(D.index.length)choose(0);
}
init();
})();
"""

# Green felt, white cards with red and black suits; the seats round the table as players see them.
CSS = """
:root{color-scheme:light;--ink:#1d1d1f;--muted:#5f6368;--felt:#1f6b3a;--felt2:#17552d;--rim:#6b4423;--red:#c62828;--black:#1b1b1b;--gold:#f4c542}
*{box-sizing:border-box}[hidden]{display:none!important}
body{margin:0;background:#f4f1ea;color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:80rem;margin:0 auto;padding:.8rem 1rem}
h1{font-size:1.35rem;margin:.1rem 0}h2{font-size:1rem;margin:.8rem 0 .3rem}
.where{margin:.1rem 0;color:var(--muted);overflow-wrap:anywhere}
.pick select{font:inherit;max-width:100%}
.facts{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;margin:.3rem 0}.facts div{display:flex;gap:.35rem}.facts dt{color:var(--muted)}.facts dd{margin:0;font-weight:600}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 22rem;gap:1rem;align-items:start}
.felt{background:radial-gradient(ellipse at center,var(--felt) 0%,var(--felt2) 100%);border:12px solid var(--rim);border-radius:2.5rem;padding:.8rem;box-shadow:inset 0 0 40px rgba(0,0,0,.45),0 3px 10px rgba(0,0,0,.3);color:#fff}
.seats{display:grid;gap:.5rem;min-height:24rem}
.seats.n4{grid-template-columns:1fr minmax(12rem,1.3fr) 1fr;grid-template-areas:". N ." "W M E" ". S ."}
.seats.n2{grid-template-columns:1fr;grid-template-areas:"N" "M" "S"}
.seats.n3{grid-template-columns:1fr 1fr;grid-template-areas:"W E" "M M" "S S"}
.seat{display:flex;flex-direction:column;align-items:center;gap:.25rem;padding:.3rem;border-radius:.8rem;min-width:0}
.seat.pos-N{grid-area:N}.seat.pos-S{grid-area:S}.seat.pos-W{grid-area:W;align-self:center}.seat.pos-E{grid-area:E;align-self:center}
.seat.to-play{background:rgba(244,197,66,.16);box-shadow:0 0 0 2px var(--gold)}
.plate{display:flex;align-items:center;gap:.4rem;background:rgba(0,0,0,.35);padding:.15rem .6rem;border-radius:1rem;max-width:100%}
.plate .name{font-weight:700;overflow-wrap:anywhere}.compass{font-size:.7rem;opacity:.75}
.badge{font-size:.7rem;background:var(--gold);color:#000;border-radius:.6rem;padding:0 .4rem}
.hand{display:flex;flex-wrap:wrap;justify-content:center;gap:2px;max-width:100%}
.seat.pos-W .hand,.seat.pos-E .hand{max-width:11rem}
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;width:2.1rem;height:3rem;background:#fff;border-radius:.3rem;border:1px solid #bbb;box-shadow:0 1px 2px rgba(0,0,0,.35);font-weight:700;line-height:1;user-select:none}
.card .rank{font-size:.95rem}.card .suit{font-size:1.05rem}
.card.red{color:var(--red)}.card.black{color:var(--black)}
.card.gone{opacity:.55;transform:scale(.9)}
.middle{grid-area:M;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.4rem;min-height:13rem}
.trick{display:grid;gap:.3rem;justify-items:center;align-items:center;min-height:10rem}
.trick.n4{grid-template-columns:repeat(3,minmax(3.4rem,auto));grid-template-rows:repeat(3,minmax(4.5rem,auto));grid-template-areas:". N ." "W . E" ". S ."}
.trick.n2{grid-template-columns:auto;grid-template-rows:repeat(2,minmax(4.5rem,auto));grid-template-areas:"N" "S"}
.trick.n3{grid-template-columns:repeat(2,auto);grid-template-areas:"W E" "S S"}
.slot{display:flex;flex-direction:column;align-items:center;position:relative;max-width:12rem}
.slot.pos-N{grid-area:N}.slot.pos-S{grid-area:S}.slot.pos-W{grid-area:W}.slot.pos-E{grid-area:E}
.slot .card{width:3rem;height:4.3rem}.slot .card .rank{font-size:1.25rem}.slot .card .suit{font-size:1.5rem}
.card.last{box-shadow:0 0 0 3px rgba(255,255,255,.8),0 2px 6px rgba(0,0,0,.5)}
.card.won{box-shadow:0 0 0 3px var(--gold),0 2px 6px rgba(0,0,0,.5)}
.card.fault{box-shadow:0 0 0 4px #ff5252,0 2px 6px rgba(0,0,0,.5)}
.flag{margin:.25rem 0 0;background:#fff3f3;color:#9b0000;border:2px solid #ff5252;border-radius:.4rem;padding:.2rem .4rem;font-size:.8rem;text-align:center;overflow-wrap:anywhere}
.flag.warning{background:#fff8e1;color:#6d4c00;border-color:#f4c542}
.loss{position:absolute;top:-.4rem;right:-.8rem;background:#ff9800;color:#000;border-radius:.6rem;padding:0 .3rem;font-size:.75rem;font-weight:700}
.sign{display:inline-block;border-radius:.6rem;padding:0 .35rem;font-size:.8rem;font-weight:800;background:#ffe08a;color:#000;cursor:help}
.slot .sign{position:absolute;top:-.4rem;left:-.9rem}.sign.mistake{background:#ff9800}.sign.blunder{background:#d32f2f;color:#fff}
.legend{font-size:.8rem;color:var(--muted);margin:.3rem 0 0}
.table-side{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;justify-content:center}
.up,.stock{display:flex;align-items:center;gap:.35rem;font-size:.8rem}
.card.face-up{transform:rotate(-8deg)}
.back{display:inline-flex;align-items:center;justify-content:center;width:2.1rem;height:3rem;border-radius:.3rem;border:2px solid #fff;background:repeating-linear-gradient(45deg,#8e1b1b 0 4px,#b22 4px 8px);font-weight:700;color:#fff;text-shadow:0 0 3px #000}
.trick-no{font-size:.8rem;opacity:.85}
.say{min-height:2.8em;margin:.5rem 0;font-size:1.05rem;font-weight:600}
.controls{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem}
.controls button{font:inherit;font-size:1.1rem;min-width:2.6rem;min-height:2.4rem;border-radius:.4rem;border:1px solid #999;background:#fff;cursor:pointer}
.controls button:disabled{opacity:.4;cursor:default}
#slider{flex:1 1 12rem;min-width:10rem}
.goto input{width:4rem;font:inherit}.goto button{font-size:.95rem}
.count{min-width:6.5rem;color:var(--muted);font-variant-numeric:tabular-nums}
.keys{color:var(--muted);font-size:.8rem;margin:.3rem 0}
.side section{background:#fff;border-radius:.6rem;padding:.2rem .8rem .6rem;margin-bottom:.7rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
table.score{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
.score th,.score td{padding:.2rem .4rem;border-bottom:1px solid #e3e3e3;text-align:right}.score th:first-child{text-align:left;overflow-wrap:anywhere}
.here ul,.end ul,.findings,.costly,.log{padding-left:1.2rem;margin:.2rem 0;font-size:.9rem}
.here .finding,.findings .error a{color:#9b0000;font-weight:600}.findings .warning a{color:#6d4c00}
.findings li,.costly li,.log li,.here li,.end li{overflow-wrap:anywhere;margin-bottom:.2rem}
.findings a.current,.costly a.current{background:#ffe9a8}.findings li.none{list-style:none;margin-left:-1.2rem}
.log{max-height:16rem;overflow:auto}
.end{border:2px solid var(--gold)}
.print-only{display:none}
footer{margin-top:1rem;color:var(--muted);font-size:.8rem}
@media (max-width:900px){.layout{grid-template-columns:1fr}}
@media (max-width:600px){body{font-size:13px}main{padding:.4rem}
.felt{border-width:7px;border-radius:1.4rem;padding:.4rem}
.seats.n4{grid-template-columns:1fr 1fr;grid-template-areas:"N N" "W E" "M M" "S S";min-height:0}
.seat.pos-W .hand,.seat.pos-E .hand{max-width:100%}
.card{width:1.55rem;height:2.25rem}.card .rank{font-size:.75rem}.card .suit{font-size:.8rem}
.slot .card{width:2.4rem;height:3.4rem}.slot .card .rank{font-size:1rem}.slot .card .suit{font-size:1.15rem}
.controls button{min-width:2.3rem}.back{width:1.55rem;height:2.25rem}}
@media print{body{background:#fff;font-size:10pt}main{max-width:none;padding:0}
.controls,.keys,.pick,.log,.here,footer,.say{display:none}
.layout{grid-template-columns:1fr 16rem}.felt{box-shadow:none;border-color:#555;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.side section{box-shadow:none;border:1px solid #ccc}
.print-only{display:block;break-before:page}
table.print{border-collapse:collapse}.print th,.print td{border:1px solid #999;padding:.15rem .5rem;text-align:center}
.print td.red{color:var(--red)}}
"""
