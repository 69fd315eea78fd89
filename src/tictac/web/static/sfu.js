// The call through an SFU (Janus's video room; docs/deploy.md, "An SFU for larger tables"), for
// tables over the mesh's size or when the host chooses it. The page sends its microphone and
// camera once, to the SFU (its uplink), and receives each other member's from it, one
// connection each, kept in the Media's `calls` under that member's peer id as a mesh call is:
// the tiles, the audio levels and the tests read both alike. The page speaks Janus's HTTP API
// itself, with the token, room and pin its roster gave it (rooms/sfu.py): each member joins as
// a publisher named by its peer id, with its own ticket and publisher id, and subscribes to
// every other publisher. The server keeps the room to the roster's members (rooms/sfu.py): one
// who leaves it is put out by Janus, whatever their page does.

const PLUGIN = 'janus.plugin.videoroom';
// The video room's answers to a join that came before the server made the room (426) or let
// the ticket in (433), tried again once a second this many times.
const NOT_YET = [426, 433];
const JOIN_TRIES = 60;

// Janus answers an offer with all its candidates in it: the page's offer and answer carry
// theirs too (no trickle), gathered first.
function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') resolve();
    });
  });
}

export class Sfu {
  constructor(media, access) {
    this.media = media;
    this.access = access;
    this.session = null;
    this.publisher = null; // the handle the page publishes and hears the room's news on
    this.privateId = null; // the publisher's, which its subscriptions give (the room requires it)
    this.uplink = null; // { pc, audio, video }
    this.feeds = new Map(); // Janus feed id -> { peer, publisher, video (subscribed to), handle }
    this.waiting = new Map(); // transaction -> the event that answers it
    this.sent = 0;
    this.stopped = false;
    this.start().catch((error) => console.warn('sfu', error));
  }

  // A request to the API; one answered later (`ack`) resolves with the event that answers it,
  // which the long poll brings.
  async send(path, body, jsep = undefined) {
    const transaction = `t${++this.sent}`;
    const later = new Promise((resolve) => this.waiting.set(transaction, resolve));
    const response = await fetch(this.access.url + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, jsep, transaction, token: this.access.token }),
    });
    const answer = await response.json();
    if (answer.janus === 'ack') return later;
    this.waiting.delete(transaction);
    if (answer.janus === 'error') throw new Error(`sfu: ${answer.error.reason}`);
    return answer;
  }

  message(handle, body, jsep) {
    return this.send(`/${this.session}/${handle}`, { janus: 'message', body }, jsep);
  }

  async attach() {
    return (await this.send(`/${this.session}`, { janus: 'attach', plugin: PLUGIN })).data.id;
  }

  async poll() {
    const url = `${this.access.url}/${this.session}?maxev=10&token=${encodeURIComponent(this.access.token)}`;
    while (!this.stopped) {
      try {
        const events = await (await fetch(url)).json();
        for (const event of [].concat(events)) this.onEvent(event);
      } catch (error) {
        if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  onEvent(event) {
    const answered = event.transaction && this.waiting.get(event.transaction);
    if (answered) {
      this.waiting.delete(event.transaction);
      answered(event);
    } else if (event.janus === 'event' && event.sender === this.publisher) this.onRoom(event.plugindata.data);
  }

  // The room's news on the publisher's handle: who publishes, who left (or was put out).
  onRoom(data) {
    for (const feed of data.publishers || []) this.subscribe(feed).catch((error) => console.warn('sfu', error));
    const gone = data.unpublished || data.leaving || data.kicked;
    if (gone !== undefined && this.feeds.has(gone)) {
      this.unsubscribe(gone);
      this.media.draw();
    }
  }

  async start() {
    this.session = (await this.send('', { janus: 'create' })).data.id;
    this.poll();
    this.publisher = await this.attach();
    const joined = await this.join();
    this.privateId = joined.private_id;
    await this.publish();
    this.onRoom(joined);
  }

  // Joins as a publisher with this member's ticket. The server makes the room and lets the
  // ticket in as it tells the roster, so the first tries may come before either.
  async join() {
    const { room, pin, ticket, feed } = this.access;
    for (let tries = 1; ; tries += 1) {
      const answer = await this.message(this.publisher,
        { request: 'join', ptype: 'publisher', room, pin, id: feed, token: ticket, display: String(this.media.you) });
      const data = answer.plugindata.data;
      if (!data.error_code) return data;
      if (!NOT_YET.includes(data.error_code) || tries === JOIN_TRIES || this.stopped) throw new Error(`sfu: ${data.error}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  async publish() {
    const pc = new RTCPeerConnection({ iceServers: this.media.roster.ice });
    this.uplink = { pc, audio: pc.addTransceiver('audio', { direction: 'sendonly' }), video: pc.addTransceiver('video', { direction: 'sendonly' }) };
    this.feed();
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const answer = await this.message(this.publisher, { request: 'configure', audio: true, video: true }, pc.localDescription);
    await pc.setRemoteDescription(answer.jsep);
  }

  // A subscription to a publisher's streams: its video only if this page may receive it
  // (streamer mode: the TV receives no video of a player who did not allow it).
  async subscribe(publisher) {
    const { id, display } = publisher;
    const peer = Number(display);
    if (!Number.isInteger(peer) || peer === this.media.you || this.feeds.has(id)) return;
    const video = this.media.receivesVideo(peer);
    const feed = { peer, publisher, video, handle: null };
    this.feeds.set(id, feed);
    const streams = (publisher.streams || []).filter((stream) => video || stream.type !== 'video');
    if (!streams.length) return;
    const handle = feed.handle = await this.attach();
    const { room, pin } = this.access;
    const offer = await this.message(handle, { request: 'join', ptype: 'subscriber', room, pin,
      private_id: this.privateId, streams: streams.map((stream) => ({ feed: id, mid: stream.mid })) });
    const entry = this.media.adopt(peer, new RTCPeerConnection({ iceServers: this.media.roster.ice }));
    await entry.pc.setRemoteDescription(offer.jsep);
    await entry.pc.setLocalDescription(await entry.pc.createAnswer());
    await gathered(entry.pc);
    await this.message(handle, { request: 'start', room }, entry.pc.localDescription);
  }

  unsubscribe(id) {
    const feed = this.feeds.get(id);
    this.feeds.delete(id);
    this.media.hangUp(feed.peer);
    if (feed.handle) this.send(`/${this.session}/${feed.handle}`, { janus: 'detach' }).catch(() => {});
  }

  // A roster came: the subscriptions whose video this page may now receive, or no more
  // (streamer mode, a player's allowing it), are made anew.
  refresh() {
    for (const [id, feed] of [...this.feeds]) {
      if (feed.video !== this.media.receivesVideo(feed.peer)) {
        this.unsubscribe(id);
        this.subscribe(feed.publisher).catch((error) => console.warn('sfu', error));
      }
    }
  }

  // The uplink sends the microphone and camera when on (one stream for every member: the
  // TV's page leaves out what it may not receive, see `subscribe`).
  feed() {
    if (!this.uplink) return;
    this.uplink.audio.sender.replaceTrack(this.media.local.audio).catch(() => {});
    this.uplink.video.sender.replaceTrack(this.media.local.video).catch(() => {});
  }

  stop() {
    this.stopped = true;
    if (this.uplink) this.uplink.pc.close();
    for (const feed of this.feeds.values()) this.media.hangUp(feed.peer);
    this.feeds.clear();
    if (this.session) this.send(`/${this.session}`, { janus: 'destroy' }).catch(() => {});
  }
}
