//! What every request of the server shares: the bounds' semaphores (slots, the
//! memory and uploads budgets, each client's own slots) and the options.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::options::ServeOptions;
use super::reply::{busy, shutting_down};
use super::upload;

/// Shared by every request.
pub(super) struct AppState {
    pub(super) opts: ServeOptions,
    pub(super) slots: Arc<Semaphore>,
    /// The memory budget, in permits ([`upload::permits_for`]).
    pub(super) memory: Arc<Semaphore>,
    /// Permits in `memory` when nothing runs.
    pub(super) memory_permits: u32,
    /// The uploads budget, in the same permits (see [`upload`]).
    pub(super) uploads: Arc<Semaphore>,
    /// Each client address's own slots ([`ServeOptions::per_client`]), while it
    /// has a request running or waiting.
    pub(super) clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
}

/// One of a client's own slots, held for as long as its solve runs; the last one
/// out removes the client's entry, so the table holds only clients at work.
pub(super) struct ClientSlot {
    permit: Option<OwnedSemaphorePermit>,
    slots: Arc<Semaphore>,
    ip: IpAddr,
    clients: Arc<Mutex<HashMap<IpAddr, Arc<Semaphore>>>>,
}

impl ClientSlot {
    /// Waits for one of `ip`'s slots.
    pub(super) async fn acquire(state: &AppState, ip: IpAddr) -> Result<ClientSlot, tokio::sync::AcquireError> {
        let slots = {
            let mut clients = state.clients.lock().unwrap_or_else(|p| p.into_inner());
            let per_client = state.opts.per_client;
            Arc::clone(clients.entry(ip).or_insert_with(|| Arc::new(Semaphore::new(per_client))))
        };
        // Made before waiting, so a request that gives up still cleans up after itself.
        let mut slot = ClientSlot { permit: None, slots: Arc::clone(&slots), ip, clients: Arc::clone(&state.clients) };
        slot.permit = Some(slots.acquire_owned().await?);
        Ok(slot)
    }
}

impl ClientSlot {
    /// The slot of the client at `peer` (no slot for a request driven in-process),
    /// waited for until `give_up`; `Err` is the answer when it is not had in time
    /// (503) or the server is stopping.
    pub(super) async fn of(
        state: &AppState,
        peer: Option<IpAddr>,
        give_up: tokio::time::Instant,
    ) -> Result<Option<ClientSlot>, axum::response::Response> {
        let Some(ip) = peer else { return Ok(None) };
        match tokio::time::timeout_at(give_up, ClientSlot::acquire(state, ip)).await {
            Ok(Ok(own)) => Ok(Some(own)),
            Ok(Err(_)) => Err(shutting_down()),
            Err(_) => Err(busy()),
        }
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        drop(self.permit.take());
        let mut clients = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        // Only the table and this slot hold the semaphore: nobody else runs or waits.
        if Arc::strong_count(&self.slots) == 2 {
            clients.remove(&self.ip);
        }
    }
}

/// Permits of the memory budget for `bytes`, at most the whole budget.
pub(super) fn permits(state: &AppState, bytes: u64) -> u32 {
    upload::permits_for(bytes).min(state.memory_permits)
}
