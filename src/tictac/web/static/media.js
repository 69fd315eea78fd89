// The table's own audio and video: a WebRTC call between every two members of the room (a full
// mesh, for a small table: the server's MESH_MAX), signalled through the room's WebSocket
// (docs/protocol.md, "Audio and video"); or, when the roster gives an SFU's access (a larger
// table, or the host's choice), each member's media through the SFU (sfu.js). The tiles sit in a panel of their own over whatever
// screen is up, so no game's screen knows of them.
//
// Each call carries one audio and one video transceiver from its start, both ways: turning a
// microphone or camera on or off only swaps the track a sender sends (no new offer), so it takes
// effect at once. The peer with the lower id makes the offer. Time's Up puts its cluegiver in the
// spotlight (large, their voice first; in round 3, the mime, their video large); other games
// highlight whoever speaks (the audio level each call reports).

import { h, fill, button, toast } from './dom.js';
import { t } from './i18n.js';
import { Sfu } from './sfu.js';

// A tile is small: the camera is asked for little, and each call sends at most this (a phone
// sends one stream per other member of the mesh: docs/server.md, "Audio and video").
const VIDEO = { width: { ideal: 320 }, height: { ideal: 240 }, frameRate: { ideal: 12, max: 15 } };
const TILE_BITRATE = 250_000; // bits per second of video on one call
const SPEAKING = 0.02; // an audio level (0..1) over this lights the speaker's tile up
const LEVEL_EVERY_MS = 250;
const QUIETER = 0.3; // the volume of everyone but the cluegiver during a Time's Up turn

function styled() {
  if (document.getElementById('media-css')) return;
  document.head.appendChild(h('link', { id: 'media-css', rel: 'stylesheet', href: '/static/media.css' }));
}

export class Media {
  constructor(live, tv) {
    this.live = live;
    this.tv = tv;
    this.roster = null; // the latest `media` message
    this.calls = new Map(); // peer id -> { pc, audio, video (transceivers), pending candidates, stream }
    this.sfu = null; // the call through the SFU, when the roster gives its access
    this.local = { audio: null, video: null };
    this.mine = { mic: false, cam: false, at_tv: false, on_stream: false };
    this.levels = new Map(); // peer id -> the latest audio level heard
    this.tiles = new Map(); // peer id -> its tile's elements, kept across redraws
    this.drawn = null; // where the tiles were last put (see `draw`)
    this.ctl = null; // the phone's own switches (see `controls`)
    this.spotBox = null;
    this.tilesBox = null;
    this.spotOut = false; // the spotlight's place is scrolled out of view (a phone)
    this.el = h('aside', { class: ['media', tv && 'media-tv'], 'aria-label': t('media.title') });
    this.meter = setInterval(() => this.measure(), LEVEL_EVERY_MS);
    // The page's handle on the calls: tests read their getStats() through it.
    window.tictacMedia = this;
    styled();
  }

  get you() {
    return this.roster ? this.roster.you : null;
  }

  peer(id) {
    return this.roster && this.roster.peers.find((peer) => peer.peer === id);
  }

  receive(message) {
    if (message.type === 'media') this.onRoster(message);
    else this.onSignal(message).catch((error) => console.warn('media signal', error));
  }

  send(fields) {
    this.live.send({ type: 'media', ...fields });
  }

  // -- who takes part -----------------------------------------------------------------

  onRoster(roster) {
    this.roster = roster;
    if (roster.you === null) {
      this.stop(false);
      this.draw();
      return;
    }
    const me = this.peer(roster.you);
    // The host held this microphone or camera off: the track stops here too.
    if (me.held_mic && this.local.audio) this.dropTrack('audio', 'mic');
    if (me.held_cam && this.local.video) this.dropTrack('video', 'cam');
    const ids = new Set(roster.peers.map((peer) => peer.peer));
    for (const id of [...this.calls.keys()]) if (!ids.has(id)) this.hangUp(id); // left, kicked
    if (this.throughSfu(roster.sfu_access)) {
      this.sfu.refresh();
      this.draw();
      return;
    }
    for (const peer of roster.peers) {
      if (peer.peer !== roster.you && !this.calls.has(peer.peer) && roster.you < peer.peer) {
        this.call(peer.peer).catch((error) => console.warn('media call', error));
      }
    }
    for (const id of this.calls.keys()) this.feed(id);
    this.draw();
  }

  // Whether the call goes through the SFU now; a table that grew past the mesh (or shrank back)
  // hangs its calls up and makes them the other way.
  throughSfu(access) {
    const same = this.sfu && access && this.sfu.access.room === access.room && this.sfu.access.url === access.url;
    if (this.sfu && !same) {
      this.sfu.stop();
      this.sfu = null;
    }
    if (access && !this.sfu) {
      for (const id of [...this.calls.keys()]) this.hangUp(id);
      this.sfu = new Sfu(this, access);
    }
    return Boolean(access);
  }

  stop(closing = true) {
    if (this.sfu) this.sfu.stop();
    this.sfu = null;
    for (const id of [...this.calls.keys()]) this.hangUp(id);
    for (const kind of ['audio', 'video']) {
      if (this.local[kind]) this.local[kind].stop();
      this.local[kind] = null;
    }
    this.mine.mic = this.mine.cam = false;
    if (closing) {
      clearInterval(this.meter);
      this.el.remove();
      if (window.tictacMedia === this) window.tictacMedia = null;
    }
  }

  // -- the calls ------------------------------------------------------------------------

  // A connection bringing peer `id`'s media, kept as its call: a mesh's (`open`) or the SFU's.
  adopt(id, pc) {
    const entry = { pc, audio: null, video: null, pending: [], stream: new MediaStream() };
    pc.ontrack = (event) => {
      entry.stream.addTrack(event.track);
      this.draw();
    };
    this.calls.set(id, entry);
    return entry;
  }

  open(id) {
    const pc = new RTCPeerConnection({ iceServers: this.roster.ice, iceTransportPolicy: window.tictacIcePolicy || 'all' });
    const entry = this.adopt(id, pc);
    pc.onicecandidate = (event) => {
      if (event.candidate) this.signal(id, 'candidate', [JSON.stringify(event.candidate)]);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState !== 'failed' || this.calls.get(id) !== entry) return;
      // A call that failed (a network change, a page starved long enough to miss ICE's
      // checks) is made anew by whoever made it: the other side answers the new offer.
      this.hangUp(id);
      this.draw();
      if (this.you !== null && this.you < id && this.peer(id)) this.call(id).catch((error) => console.warn('media call', error));
    };
    return entry;
  }

  async call(id) {
    const entry = this.open(id);
    entry.audio = entry.pc.addTransceiver('audio', { direction: 'sendrecv' });
    entry.video = entry.pc.addTransceiver('video', { direction: 'sendrecv' });
    this.feed(id);
    await entry.pc.setLocalDescription(await entry.pc.createOffer());
    this.signal(id, 'offer', entry.pc.localDescription.sdp.split('\r\n'));
  }

  async onSignal({ from, kind, data }) {
    if (kind === 'offer') {
      if (this.calls.has(from)) this.hangUp(from); // they called again (a reload)
      const entry = this.open(from);
      await entry.pc.setRemoteDescription({ type: 'offer', sdp: data.join('\r\n') });
      for (const transceiver of entry.pc.getTransceivers()) {
        transceiver.direction = 'sendrecv';
        entry[transceiver.receiver.track.kind] = transceiver;
      }
      this.feed(from);
      await entry.pc.setLocalDescription(await entry.pc.createAnswer());
      this.signal(from, 'answer', entry.pc.localDescription.sdp.split('\r\n'));
      await this.flush(entry);
      return;
    }
    const entry = this.calls.get(from);
    if (!entry) return;
    if (kind === 'answer') {
      await entry.pc.setRemoteDescription({ type: 'answer', sdp: data.join('\r\n') });
      await this.flush(entry);
    } else if (entry.pc.remoteDescription) await entry.pc.addIceCandidate(JSON.parse(data[0]));
    else entry.pending.push(JSON.parse(data[0]));
  }

  async flush(entry) {
    for (const candidate of entry.pending.splice(0)) await entry.pc.addIceCandidate(candidate);
  }

  signal(to, kind, data) {
    this.send({ op: 'signal', to, kind, data });
  }

  // Whether this page may receive peer `id`'s video: not a TV's in streamer mode, unless that
  // person allowed it.
  receivesVideo(id) {
    const peer = this.peer(id);
    return !(this.tv && this.roster.streamer && !(peer && peer.on_stream));
  }

  hangUp(id) {
    const entry = this.calls.get(id);
    if (!entry) return;
    entry.pc.close();
    for (const track of entry.stream.getTracks()) track.stop();
    this.calls.delete(id);
    this.tiles.delete(id);
    this.levels.delete(id);
    this.drawn = null; // a call made anew has a tile anew: put in place at the next draw
  }

  // What this browser sends on the call with `id`: its microphone and camera when on; in
  // streamer mode no video to the TV unless this person allowed it.
  feed(id) {
    const entry = this.calls.get(id);
    const peer = this.peer(id);
    if (!entry || !peer) return;
    const hidden = this.roster.streamer && peer.tv && !this.mine.on_stream;
    if (entry.audio) entry.audio.sender.replaceTrack(this.local.audio).catch(() => {});
    if (entry.video) {
      const sender = entry.video.sender;
      sender.replaceTrack(hidden ? null : this.local.video).catch(() => {});
      const parameters = sender.getParameters();
      if (parameters.encodings && parameters.encodings.length && parameters.encodings[0].maxBitrate !== TILE_BITRATE) {
        parameters.encodings[0].maxBitrate = TILE_BITRATE;
        sender.setParameters(parameters).catch(() => {}); // (before the call is up: set on a later feed)
      }
    }
  }

  // -- one's own switches ---------------------------------------------------------------

  // The browser asks for the device only now, after this person's own tap.
  async toggle(kind, key) {
    if (this.local[kind]) this.dropTrack(kind, key);
    else {
      try {
        const stream = await navigator.mediaDevices.getUserMedia(kind === 'audio' ? { audio: true } : { video: VIDEO });
        this.local[kind] = stream.getTracks()[0];
        this.mine[key] = true;
      } catch (error) {
        toast(t('media.denied'));
        return;
      }
    }
    this.feedAll();
    this.tell();
    this.draw();
  }

  feedAll() {
    for (const id of this.calls.keys()) this.feed(id);
    if (this.sfu) this.sfu.feed();
  }

  dropTrack(kind, key) {
    this.local[kind].stop();
    this.local[kind] = null;
    this.mine[key] = false;
    this.feedAll();
  }

  setFlag(key, on) {
    this.mine[key] = on;
    this.feedAll();
    this.tell();
    this.draw();
  }

  tell() {
    this.send({ op: 'state', ...this.mine });
  }

  // -- what is drawn ----------------------------------------------------------------------

  // The audio level each call brings now: it lights the speaker up.
  async measure() {
    for (const [id, entry] of this.calls) {
      const stats = await entry.pc.getStats();
      stats.forEach((report) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') this.levels.set(id, report.audioLevel || 0);
      });
    }
    for (const [id, tile] of this.tiles) tile.box.classList.toggle('speaking', (this.levels.get(id) || 0) > SPEAKING);
  }

  // Time's Up's cluegiver while a turn is dealt, and the round (3: the mime).
  spotlight() {
    const { room, view } = this.live;
    if (!room || room.game !== 'times-up' || !view || !view.turn || view.turn.cluegiver === undefined) return null;
    const giver = this.roster.peers.find((peer) => peer.seat === view.turn.cluegiver);
    return giver ? { id: giver.peer, mime: view.round === 3 } : null;
  }

  // A tile: the person's video when it may show here, else their name; their voice unless
  // this phone is at the TV (the TV's speaker plays it) or they are (the room hears them).
  tile(peer, spot) {
    let tile = this.tiles.get(peer.peer);
    const entry = this.calls.get(peer.peer);
    if (!tile) {
      const video = h('video', { autoplay: true, playsinline: true, muted: true });
      video.muted = true;
      const audio = h('audio', { autoplay: true });
      tile = { box: h('figure', { class: 'media-tile', 'data-peer': String(peer.peer) }, video, audio, h('figcaption')), video, audio };
      this.tiles.set(peer.peer, tile);
    }
    const stream = entry ? entry.stream : null;
    const videoTrack = stream && stream.getVideoTracks()[0];
    const seen = Boolean(videoTrack && peer.cam && !peer.held_cam && this.receivesVideo(peer.peer));
    const heard = Boolean(stream && peer.mic && !peer.held_mic && !this.mine.at_tv && !(this.tv && peer.at_tv));
    if (seen && tile.video.srcObject !== stream) tile.video.srcObject = stream;
    if (!seen) tile.video.srcObject = null;
    tile.video.hidden = !seen;
    if (heard && tile.audio.srcObject !== stream) {
      tile.audio.srcObject = stream;
      tile.audio.play().catch(() => this.needTap());
    }
    if (!heard) tile.audio.srcObject = null;
    tile.audio.volume = spot && spot.id !== peer.peer ? QUIETER : 1;
    const isSpot = Boolean(spot && spot.id === peer.peer);
    tile.box.className = ['media-tile', isSpot && 'spotlight', isSpot && (spot.mime ? 'spot-video' : 'spot-audio'), seen && 'has-video',
      (this.levels.get(peer.peer) || 0) > SPEAKING && 'speaking'].filter(Boolean).join(' ');
    tile.box.dataset.seen = seen ? 'video' : 'none';
    tile.box.dataset.heard = heard ? 'audio' : 'none';
    fill(tile.box.querySelector('figcaption'), peer.name,
      peer.mic && !peer.held_mic ? null : h('span', { class: 'media-off', text: t('media.muted') }));
    return tile.box;
  }

  needTap() {
    if (this.el.querySelector('.media-hear')) return;
    this.el.prepend(button(t('media.tap_to_hear'), (event) => {
      event.currentTarget.remove();
      for (const tile of this.tiles.values()) if (tile.audio.srcObject) tile.audio.play().catch(() => {});
    }, { class: 'media-hear' }));
  }

  // The host's switches, each change sent with the others as they are.
  settings(changed) {
    const { audience, sfu } = this.roster;
    this.send({ op: 'settings', on: true, audience, sfu, ...changed });
  }

  // The phone's own switches, built once and updated in place (a button rebuilt on every
  // message would be pulled from under the finger tapping it).
  controls() {
    if (!this.ctl) {
      const flag = (key, cls) => h('label', { class: 'media-flag' }, h('input', { type: 'checkbox', class: cls, onchange: (event) => this.setFlag(key, event.target.checked) }), h('span'));
      this.ctl = {
        mic: button('', () => this.toggle('audio', 'mic'), { class: 'media-mic' }),
        cam: button('', () => this.toggle('video', 'cam'), { class: 'media-cam' }),
        atTv: flag('at_tv', 'media-at-tv'),
        stream: flag('on_stream', 'media-on-stream'),
        host: h('details', { class: 'media-host' }, h('summary'), h('div', { class: 'media-holds' }),
          h('label', { class: 'media-flag' }, h('input', { type: 'checkbox', class: 'media-audience', onchange: (event) => this.settings({ audience: event.target.checked }) }), h('span')),
          h('label', { class: 'media-flag' }, h('input', { type: 'checkbox', class: 'media-sfu', onchange: (event) => this.settings({ sfu: event.target.checked }) }), h('span')),
          button('', () => this.settings({ on: false }), { class: 'media-switch' })),
        holds: '',
      };
      this.ctl.box = h('div', { class: 'media-controls' }, this.ctl.mic, this.ctl.cam, this.ctl.atTv, this.ctl.stream, this.ctl.host);
    }
    const { mic, cam, atTv, stream, host } = this.ctl;
    const me = this.peer(this.you);
    mic.textContent = t(this.mine.mic ? 'media.mic_off' : 'media.mic_on');
    mic.setAttribute('aria-pressed', String(this.mine.mic));
    mic.disabled = me.held_mic;
    cam.textContent = t(this.mine.cam ? 'media.cam_off' : 'media.cam_on');
    cam.setAttribute('aria-pressed', String(this.mine.cam));
    cam.disabled = me.held_cam;
    atTv.querySelector('input').checked = this.mine.at_tv;
    atTv.querySelector('span').textContent = t('media.at_tv');
    stream.hidden = !this.roster.streamer;
    stream.querySelector('input').checked = this.mine.on_stream;
    stream.querySelector('span').textContent = t('media.on_stream');
    host.hidden = this.roster.host !== this.you;
    host.querySelector('summary').textContent = t('media.host');
    host.querySelector('.media-switch').textContent = t('media.switch_off');
    host.querySelector('.media-audience').checked = this.roster.audience;
    host.querySelector('.media-audience + span').textContent = t('media.audience');
    const sfu = host.querySelector('.media-sfu');
    sfu.parentNode.hidden = !this.roster.sfu_offered;
    sfu.checked = this.roster.sfu;
    host.querySelector('.media-sfu + span').textContent = t('media.sfu');
    const held = this.roster.peers.filter((peer) => peer.peer !== this.you && !peer.tv);
    const holds = JSON.stringify(held.map((peer) => [peer.peer, peer.name, peer.held_mic, peer.held_cam]));
    if (holds !== this.ctl.holds) {
      this.ctl.holds = holds;
      fill(host.querySelector('.media-holds'), held.map((peer) => h('div', { class: 'media-hold', 'data-peer': String(peer.peer) },
        h('span', { text: peer.name }),
        button(t(peer.held_mic ? 'media.let_mic' : 'media.hold_mic'), () => this.send({ op: 'force', peer: peer.peer, mic_off: !peer.held_mic, cam_off: peer.held_cam }), { class: 'hold-mic' }),
        button(t(peer.held_cam ? 'media.let_cam' : 'media.hold_cam'), () => this.send({ op: 'force', peer: peer.peer, mic_off: peer.held_mic, cam_off: !peer.held_cam }), { class: 'hold-cam' }))));
    }
    return this.ctl.box;
  }

  // On a phone the panel leads the page, above the game (the spotlight where guessers look);
  // on the TV it is a column at the right.
  place() {
    const root = this.live.root;
    if (this.tv || !root) {
      if (this.el.parentNode !== document.body) document.body.appendChild(this.el);
    } else if (this.el.nextSibling !== root) root.before(this.el);
  }

  // A phone scrolled down to its guess box or its Foul button keeps the mime in sight: while
  // the spotlight's place is out of view in round 3, its tile floats in the bottom corner. The
  // place keeps its height meanwhile, so the page does not jump (and the tile float back).
  float() {
    const floating = Boolean(this.spotOut && this.spotBox.querySelector('.spot-video'));
    if (floating === this.spotBox.classList.contains('floating')) return;
    this.spotBox.style.height = floating ? `${this.spotBox.getBoundingClientRect().height}px` : '';
    this.spotBox.classList.toggle('floating', floating);
  }

  // The tiles are kept elements, updated in place and moved only when who sits where changed.
  draw() {
    if (!this.roster || this.you === null) { // out of the call (the host's switch: mediaswitch.js)
      this.el.remove();
      this.drawn = null;
      return;
    }
    this.place();
    if (!this.spotBox) {
      this.spotBox = h('div', { class: 'media-spot' });
      this.tilesBox = h('div', { class: 'media-tiles' });
      if (!this.tv) {
        new IntersectionObserver(([place]) => {
          this.spotOut = !place.isIntersecting;
          this.float();
        }).observe(this.spotBox);
      }
    }
    const spot = this.spotlight();
    const others = this.roster.peers.filter((peer) => peer.peer !== this.you && !(peer.tv && !peer.mic && !peer.cam));
    const inSpot = spot && spot.id !== this.you ? others.find((peer) => peer.peer === spot.id) : null;
    const rest = others.filter((peer) => peer !== inSpot);
    for (const peer of others) this.tile(peer, spot); // each tile's own state, in place
    const controls = this.tv ? null : this.controls();
    const drawn = JSON.stringify([inSpot && inSpot.peer, rest.map((peer) => peer.peer)]);
    if (drawn !== this.drawn) {
      this.drawn = drawn;
      this.el.classList.toggle('with-spotlight', Boolean(inSpot));
      this.spotBox.hidden = !inSpot;
      fill(this.spotBox, inSpot ? this.tiles.get(inSpot.peer).box : null);
      fill(this.tilesBox, rest.map((peer) => this.tiles.get(peer.peer).box));
      fill(this.el, this.spotBox, this.tilesBox, controls);
    }
    this.float();
  }
}
